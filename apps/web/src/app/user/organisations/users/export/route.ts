import { hasErrorCode } from '@bof/api/errors';
import { usersCsv } from '@bof/api/organisations';
import { runningServices } from '@bof/api/running-services';
import { getServerViewer } from '../../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' },
  });

/**
 * The users of an organisation account as a CSV file, for its owners and admins (formulas neutralised).
 * Anyone else, and an unknown account id, gets the same 403 that says no more.
 */
export async function GET(request: Request) {
  const viewer = await getServerViewer();
  if (!viewer) return text('Sign in to download the list of users.', 401);
  const accountId = new URL(request.url).searchParams.get('accountId') ?? '';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(accountId)) return text('This is not an organisation account id.', 400);
  let users;
  try {
    users = await (await runningServices()).organisations.allUsers({ userId: viewer.user_id }, accountId);
  } catch (error) {
    if (hasErrorCode(error, 'not_authorised')) return text('You are not allowed to do this.', 403);
    throw error;
  }
  return new Response(usersCsv(users), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="organisation-users.csv"',
      'cache-control': 'private, no-store',
    },
  });
}
