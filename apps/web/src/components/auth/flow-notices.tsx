import Link from 'next/link';
import type { IdentityFlow } from '../../client/identity/identity-client';

/** Spec §8 provider message codes that get a screen of their own. */
export const MESSAGE_CODES = {
  MISSING_USER_ON_LOGIN: 4000035,
  ACCOUNT_LINKING: 1010016,
  EXISTING_ACCOUNT_SIGNUP: 4000028,
} as const;

const hasMessage = (flow: IdentityFlow, id: number) =>
  (flow.ui.messages ?? []).some((m) => m.id === id) ||
  flow.ui.nodes.some((n) => n.messages.some((m) => m.id === id));

/** Helpful next steps for the three situations a person most often gets stuck in. */
export function FlowNotices({ flow, returnTo }: { flow: IdentityFlow; returnTo: string | undefined }) {
  const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : '';
  if (hasMessage(flow, MESSAGE_CODES.MISSING_USER_ON_LOGIN)) {
    return (
      <aside aria-label="No account" className="mb-6 rounded border border-rule bg-surface p-4">
        <h2 className="font-semibold">There is no account for this address yet</h2>
        <p className="mt-1 text-sm">
          Registration is free and takes a minute. You can read more stories straight away.
        </p>
        <Link
          href={`/user/register/${query}`}
          className="mt-3 inline-block rounded bg-ink px-4 py-2 text-paper no-underline"
        >
          Create an account
        </Link>
      </aside>
    );
  }
  if (hasMessage(flow, MESSAGE_CODES.EXISTING_ACCOUNT_SIGNUP)) {
    return (
      <aside aria-label="Account exists" className="mb-6 rounded border border-rule bg-surface p-4">
        <h2 className="font-semibold">You already have an account</h2>
        <p className="mt-1 text-sm">
          Sign in with this address instead; if you have forgotten your password, you can reset it.
        </p>
        <p className="mt-3 flex flex-wrap gap-3">
          <Link href={`/user/login/${query}`} className="rounded bg-ink px-4 py-2 text-paper no-underline">
            Sign in instead
          </Link>
          <Link href={`/user/recovery/${query}`} className="px-1 py-2">
            Reset your password
          </Link>
        </p>
      </aside>
    );
  }
  if (hasMessage(flow, MESSAGE_CODES.ACCOUNT_LINKING)) {
    return (
      <aside aria-label="Link accounts" className="mb-6 rounded border border-rule bg-surface p-4">
        <h2 className="font-semibold">Connect your sign-in methods</h2>
        <p className="mt-1 text-sm">
          An account with this e-mail address already exists. Sign in the way you usually do below, and we
          will connect the new method to it, so either works from now on.
        </p>
      </aside>
    );
  }
  return null;
}
