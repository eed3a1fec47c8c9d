import { getBillingModule } from '@bof/api/billing';
import { getPlatform } from '@bof/api/platform';
import { readTextBody } from '../../../../server/read-json-body';

export const dynamic = 'force-dynamic';

const MAX_BODY_BYTES = 1_000_000;

/**
 * Recurly webhooks: the signature is checked against the raw body (five-minute window, rotating keys),
 * repeats are acknowledged and ignored, and the subscription's state is read back from the provider.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await readTextBody(request, MAX_BODY_BYTES);
  if (!body.ok) return Response.json({ error: body.code }, { status: body.status });
  const billing = getBillingModule(await getPlatform());
  const receipt = await billing.receiveWebhook(body.text, request.headers.get('recurly-signature'));
  if (receipt.status !== 200) return Response.json({ error: receipt.reason }, { status: receipt.status });
  return Response.json({ result: receipt.result });
}
