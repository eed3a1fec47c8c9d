import { checkHealth } from '@bof/api/health';

export const dynamic = 'force-dynamic';

/** 200 with the deployment id when the database answers, 503 otherwise. */
export async function GET(): Promise<Response> {
  const report = await checkHealth();
  return Response.json(report, {
    status: report.status === 'ok' ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
