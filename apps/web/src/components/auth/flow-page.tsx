import Link from 'next/link';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import type { FlowType } from '../../client/identity/identity-client';
import { authErrorText } from '../../client/auth/auth-error-text';
import { loadFlow, startFlowUrl } from '../../server/identity-flows';
import { AuthCard } from './auth-card';
import { FlowForm } from './flow-form';
import { FlowNotices } from './flow-notices';

/**
 * A self-service page (login, registration, recovery, verification): without a flow id it starts one at
 * the identity provider, which sends the reader back here with `?flow=`; an expired or unknown flow is
 * restarted; otherwise the flow's form is rendered with its messages.
 */
export async function FlowPage(props: {
  type: FlowType;
  flowId: string | undefined;
  returnTo: string | undefined;
  title: string;
  intro?: ReactNode;
  footer?: ReactNode;
}) {
  if (!props.flowId) redirect(startFlowUrl(props.type, props.returnTo));
  const loaded = await loadFlow(props.type, props.flowId);
  if (loaded.kind === 'restart') redirect(startFlowUrl(props.type, props.returnTo));
  if (loaded.kind === 'error') {
    return (
      <AuthCard title={props.title}>
        <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
          {authErrorText(loaded.error)}
        </p>
        <p className="mt-6">
          <Link href={`/user/${props.type === 'registration' ? 'register' : 'login'}/`}>Try again</Link>
        </p>
      </AuthCard>
    );
  }
  const returnTo = loaded.flow.return_to ?? props.returnTo;
  return (
    <AuthCard title={props.title} intro={props.intro}>
      <FlowNotices flow={loaded.flow} returnTo={returnTo} />
      <FlowForm ui={loaded.flow.ui} idPrefix={props.type} />
      {props.footer ? <div className="mt-8 space-y-2 text-sm">{props.footer}</div> : null}
    </AuthCard>
  );
}
