import { headers } from 'next/headers';
import { runningServices } from '@bof/api/running-services';

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
