import { runningServices } from '@bof/api/running-services';
import { resolveRedirectTarget } from '../../../../client/auth/redirect-target';
import { embeddedOnly } from '../../../../server/embedded-only';

export const dynamic = 'force-dynamic';

/**
 * The simulator's 3-D Secure challenge answers (a form post from its challenge page): records pass or
 * fail, then returns the reader to the payment page with the result token, never off the site.
 */
export async function POST(request: Request): Promise<Response> {
  const closed = await embeddedOnly(request);
  if (closed) return closed;
  const { env, billing } = await runningServices();
  const form = await request.formData().catch(() => null);
  const id = String(form?.get('challenge') ?? '');
  const outcome = form?.get('outcome') === 'pass' ? 'pass' : 'fail';
  const origin = new URL(env.siteUrl).origin;
  const back = new URL(
    resolveRedirectTarget(String(form?.get('return_to') ?? '/'), {
      kind: 'login',
      currentUrl: `${origin}/`,
      siteOrigin: origin,
    }),
  );
  const simulator = billing.simulator;
  // With Recurly configured, Recurly.js runs the bank's challenge; the simulator's is not there.
  if (!simulator) return new Response('Not found', { status: 404 });
  const { resultToken } = await simulator.completeChallenge(id, outcome);
  back.searchParams.set('three_d_secure', resultToken ? 'passed' : 'failed');
  if (resultToken) back.searchParams.set('three_d_secure_result', resultToken);
  return new Response(null, { status: 303, headers: { location: back.toString() } });
}
