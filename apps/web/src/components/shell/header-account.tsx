'use client';

import Link from 'next/link';
import { useAuth } from '../../client/auth/auth-provider';
import { signInHref, subscribeHref } from '../../site/navigation';
import { AccountMenu } from './account-menu';
import { AuthPlaceholder } from './auth-placeholder';

const SUBSCRIBE_CLASS = 'rounded bg-accent px-3 py-2 text-accent-ink no-underline hover:opacity-90';

/**
 * The header's reader part: Subscribe for readers who are not members, and the sign-in entry or the
 * account menu. The sign-in state is unknown until the browser's first token check (spec §4), and
 * header HTML is shared by every reader of a cached page, so the server renders a neutral placeholder and
 * the browser fills in the reader's own state; without JavaScript the plain links stand in.
 */
export function HeaderAccount() {
  const auth = useAuth();
  if (auth.status === 'unknown')
    return (
      <>
        <AuthPlaceholder wide />
        <noscript>
          <Link href={subscribeHref} className={SUBSCRIBE_CLASS}>
            Subscribe
          </Link>{' '}
          <a href={signInHref} className="px-1 py-2">
            Sign in
          </a>
        </noscript>
      </>
    );
  return (
    <>
      {auth.user.isMember ? null : (
        <Link href={subscribeHref} className={SUBSCRIBE_CLASS}>
          Subscribe
        </Link>
      )}
      <AccountMenu />
    </>
  );
}
