import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@bof/config/constants';
import { runningServices } from '@bof/api/running-services';

/** The identity provider's session cookie (Kratos's name), seen here when the provider shares the site. */
const IDENTITY_SESSION_COOKIE = 'ory_kratos_session';

/** The signed-in reader of this request, from the verified `bof_session`; null when anonymous or forged. */
export async function getServerViewer() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return (await runningServices()).sessions.verify(token, new Date());
}

/**
 * Whether the request carries an identity session the product token may not show yet: right after a
 * sign-in or a recovery, the provider's cookie exists before the browser has asked for `bof_session`.
 * A page rendered for nobody then lets the browser's first token check decide (SignedOutGate).
 */
export async function hasIdentitySessionCookie(): Promise<boolean> {
  return (await cookies()).has(IDENTITY_SESSION_COOKIE);
}
