import { cookies, headers } from 'next/headers';
import { runningServices } from '@bof/api/running-services';

/** The identity provider's session cookie (Kratos's name), seen here when the provider shares the site. */
const IDENTITY_SESSION_COOKIE = 'ory_kratos_session';

/**
 * The signed-in reader of this request: the claims of the verified `bof_session` while its identity
 * session lives. Null when anonymous, forged, expired, signed out, blocked or deleted, and when the
 * identity provider cannot be asked (the pages that call this show personal details or change them).
 */
export async function getServerViewer() {
  const cookieHeader = (await headers()).get('cookie');
  if (!cookieHeader) return null;
  return (await runningServices()).sessions.signedIn(cookieHeader, new Date(), 'refuse');
}

/**
 * Whether the request carries an identity session the product token may not show yet: right after a
 * sign-in or a recovery, the provider's cookie exists before the browser has asked for `bof_session`.
 * A page rendered for nobody then lets the browser's first token check decide (SignedOutGate).
 */
export async function hasIdentitySessionCookie(): Promise<boolean> {
  return (await cookies()).has(IDENTITY_SESSION_COOKIE);
}
