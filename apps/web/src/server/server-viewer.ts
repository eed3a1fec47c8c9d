import { cookies } from 'next/headers';
import { SESSION_COOKIE } from '@bof/config/constants';
import { getPlatform } from '@bof/api/platform';
import { getSessionModule } from '@bof/api/session';

/** The signed-in reader of this request, from the verified `bof_session`; null when anonymous or forged. */
export async function getServerViewer() {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const platform = await getPlatform();
  return (await getSessionModule(platform)).verify(token, new Date());
}
