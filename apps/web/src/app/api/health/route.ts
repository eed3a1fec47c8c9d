import { checkHealth } from '@bof/api/health';
import { runningServices } from '@bof/api/running-services';

export const dynamic = 'force-dynamic';

/** 200 with the deployment id when the database answers, 503 otherwise. */
export async function GET(): Promise<Response> {
  const report = await checkHealth(runningServices);
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
