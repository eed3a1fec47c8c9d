import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import type { FlowType } from '../../client/identity/identity-client';
import { authErrorText } from '../../client/auth/auth-error-text';
import { loadFlow, loadFlowError, startFlowUrl } from '../../server/identity-flows';
import { AuthCard } from './auth-card';
import { FlowForm } from './flow-form';
import { FlowNotices } from './flow-notices';

/** The flows whose completion signs the reader in (recovery does, into the account page). */
const SIGN_IN_KIND: Partial<Record<FlowType, 'login' | 'register'>> = {
  login: 'login',
  registration: 'register',
  recovery: 'login',
};

/**
 * A self-service page (login, registration, recovery, verification): without a flow id it starts one at
 * the identity provider, which sends the reader back here with `?flow=`; an expired or unknown flow is
 * restarted; an error the provider ended a flow with (`?error=`) is shown with a way to try again;
 * otherwise the flow's form is rendered with its messages.
 */
export async function FlowPage(props: {
  type: FlowType;
  flowId: string | undefined;
  errorId?: string | undefined;
  returnTo: string | undefined;
  title: string;
  intro?: ReactNode;
  /** Links under the form, given where the flow returns to so they can carry it on. */
  footer?: (returnTo: string | undefined) => ReactNode;
}) {
  if (!props.flowId) {
    const flowError = props.errorId ? await loadFlowError(props.errorId) : undefined;
    if (flowError) return <FlowErrorCard title={props.title} type={props.type} error={flowError} />;
    redirect(startFlowUrl(props.type, props.returnTo));
  }
  const loaded = await loadFlow(props.type, props.flowId);
  if (loaded.kind === 'restart') redirect(startFlowUrl(props.type, props.returnTo));
  if (loaded.kind === 'error')
    return <FlowErrorCard title={props.title} type={props.type} error={loaded.error} />;
  const returnTo = loaded.flow.return_to ?? props.returnTo;
  return (
    // A finished verification or recovery shows its outcome, not the instructions for entering a code.
    <AuthCard title={props.title} intro={loaded.flow.state === 'passed_challenge' ? undefined : props.intro}>
      <FlowNotices flow={loaded.flow} returnTo={returnTo} />
      <FlowForm ui={loaded.flow.ui} idPrefix={props.type} signIn={SIGN_IN_KIND[props.type]} />
      {props.footer ? <div className="mt-8 space-y-2 text-sm">{props.footer(returnTo)}</div> : null}
    </AuthCard>
  );
}

function FlowErrorCard(props: { title: string; type: FlowType; error: unknown }) {
  return (
    <AuthCard title={props.title}>
      <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
        {authErrorText(props.error)}
      </p>
      <p className="mt-6">
        <Link href={`/user/${props.type === 'registration' ? 'register' : 'login'}/`}>Try again</Link>
      </p>
    </AuthCard>
  );
}

/** A site path that carries the flow's return target on to another flow page. */
export function withReturnTo(path: string, returnTo: string | undefined): string {
  return returnTo ? `${path}?return_to=${encodeURIComponent(returnTo)}` : path;
}
