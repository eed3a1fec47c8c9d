import Link from 'next/link';
import type { FlowType } from '../../client/identity/identity-client';
import { authErrorText } from '../../client/auth/auth-error-text';
import { AuthCard } from './auth-card';

/** The site page of each flow, where "Try again" starts it afresh. */
export const FLOW_PAGE: Record<FlowType, string> = {
  login: '/user/login/',
  registration: '/user/register/',
  recovery: '/user/recovery/',
  verification: '/user/confirm-email',
  settings: '/user/account/',
};

/** An error a flow ended with (spec §8 texts), and a fresh start of the same flow, going to the same place. */
export function FlowErrorCard(props: {
  title: string;
  type: FlowType;
  error: unknown;
  returnTo: string | undefined;
}) {
  return (
    <AuthCard title={props.title}>
      <p role="alert" className="rounded border border-accent px-3 py-2 text-accent">
        {authErrorText(props.error)}
      </p>
      <p className="mt-6">
        <Link href={withReturnTo(FLOW_PAGE[props.type], props.returnTo)}>Try again</Link>
      </p>
    </AuthCard>
  );
}

/** A site path that carries the flow's return target on to another flow page. */
export function withReturnTo(path: string, returnTo: string | undefined): string {
  return returnTo ? `${path}?return_to=${encodeURIComponent(returnTo)}` : path;
}
