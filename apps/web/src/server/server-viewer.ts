import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@bof/config/constants';
import { runningServices } from '@bof/api/running-services';

/** The signed-in reader of this request, from the verified `bof_session`; null when anonymous or forged. */
export async function getServerViewer() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  return (await runningServices()).sessions.verify(token, new Date());
}
