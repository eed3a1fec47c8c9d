import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { getServerEnv } from '@bof/config/server';
import type { FlowType } from '../../client/identity/identity-client';
import { providerSessionErrorOf } from '../../client/auth/auth-actions';
import { resolveRedirectTarget } from '../../client/auth/redirect-target';
import { loadFlow, loadFlowError, startFlowUrl } from '../../server/identity-flows';
import { AuthCard } from './auth-card';
import { FlowErrorCard } from './flow-error-card';
import { FlowForm } from './flow-form';
import { FlowNotices } from './flow-notices';
import { ProviderSessionRecovery } from './provider-session-recovery';

/** The flows whose completion signs the reader in (recovery does, into the account page). */
const SIGN_IN_KIND: Partial<Record<FlowType, 'login' | 'register'>> = {
  login: 'login',
  registration: 'register',
  recovery: 'login',
};

/**
 * A self-service page (login, registration, recovery, verification): without a flow id it starts one at
 * the identity provider, which sends the reader back here with `?flow=`; an expired or unknown flow is
 * restarted; an error the provider ended a flow with (`?error=`) is shown with a way to try again, except
 * the provider session errors (spec §8), after which the token is refreshed and the reader moves on;
 * otherwise the flow's form is rendered with its messages.
 */
export async function FlowPage(props: {
  type: FlowType;
  flowId: string | undefined;
  errorId?: string | undefined;
  returnTo: string | undefined;
  title: string;
  /** Under the title; given the flow's state when it depends on it (a code to ask for, or sent). */
  intro?: ReactNode | ((state: string | undefined) => ReactNode);
  /** Links under the form, given where the flow returns to so they can carry it on. */
  footer?: (returnTo: string | undefined) => ReactNode;
}) {
  const siteOrigin = new URL(getServerEnv().siteUrl).origin;
  // Only ever a target on this site travels on in links (spec §5).
  const safe = (target: string | undefined) =>
    target
      ? resolveRedirectTarget(target, { kind: 'login', currentUrl: `${siteOrigin}/`, siteOrigin })
      : undefined;
  const problem = (error: unknown, returnTo: string | undefined) => {
    const sessionError = providerSessionErrorOf(error);
    return sessionError ? (
      <AuthCard title={props.title}>
        <ProviderSessionRecovery errorId={sessionError} returnTo={returnTo} siteOrigin={siteOrigin} />
      </AuthCard>
    ) : (
      <FlowErrorCard title={props.title} type={props.type} error={error} returnTo={returnTo} />
    );
  };

  if (!props.flowId) {
    const flowError = props.errorId ? await loadFlowError(props.errorId) : undefined;
    if (flowError) return problem(flowError, safe(props.returnTo));
    redirect(startFlowUrl(props.type, props.returnTo));
  }
  const loaded = await loadFlow(props.type, props.flowId);
  if (loaded.kind === 'restart') redirect(startFlowUrl(props.type, props.returnTo));
  if (loaded.kind === 'error') return problem(loaded.error, safe(props.returnTo));
  const returnTo = safe(loaded.flow.return_to ?? props.returnTo);
  return (
    // A finished verification or recovery shows its outcome, not the instructions for entering a code.
    <AuthCard
      title={props.title}
      intro={
        loaded.flow.state === 'passed_challenge'
          ? undefined
          : typeof props.intro === 'function'
            ? props.intro(loaded.flow.state)
            : props.intro
      }
    >
      <FlowNotices flow={loaded.flow} returnTo={returnTo} />
      <FlowForm ui={loaded.flow.ui} idPrefix={props.type} signIn={SIGN_IN_KIND[props.type]} />
      {props.footer ? <div className="mt-8 space-y-2 text-sm">{props.footer(returnTo)}</div> : null}
    </AuthCard>
  );
}
