import { readJsonBody } from '../../../server/read-json-body';
import { createViolationLog, parseCspReports } from '../../../server/security/csp-reports';

export const dynamic = 'force-dynamic';

const MAX_REPORT_BYTES = 64 * 1024;
const log = createViolationLog({ perMinute: 60 });

/**
 * Where browsers report Content-Security-Policy violations (the policy's report-uri and report-to):
 * each is logged as a warning, within a per-minute bound. 204 when read, 400 when the body is not a
 * report, 413 when too large.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, MAX_REPORT_BYTES);
  if (!body.ok)
    return Response.json({ error: { code: body.code, message: body.message } }, { status: body.status });
  const violations = parseCspReports(body.value);
  if (!violations)
    return Response.json(
      { error: { code: 'not_a_report', message: 'The body is not a Content-Security-Policy report.' } },
      { status: 400 },
    );
  for (const found of violations) log(found);
  return new Response(null, { status: 204 });
}
