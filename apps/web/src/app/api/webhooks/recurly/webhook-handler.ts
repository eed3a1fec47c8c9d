import type { BillingModule } from '@bof/api/billing';
import { readTextBody } from '../../../../server/read-json-body';

/** Recurly's notifications are small; anything larger is refused before it is read whole. */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * `POST /api/webhooks/recurly/`: the signature is checked against the raw body (five-minute window,
 * rotating keys) before anything is parsed; repeats are acknowledged and ignored; the subscription's
 * state is read back from the provider and applied. A failure to apply (the provider cannot be read)
 * answers 503 and records nothing, so Recurly's redelivery applies it.
 */
export function createRecurlyWebhookHandler(deps: {
  billing: () => Promise<Pick<BillingModule, 'receiveWebhook'>>;
  now?: () => Date;
}) {
  return async function POST(request: Request): Promise<Response> {
    const body = await readTextBody(request, MAX_WEBHOOK_BODY_BYTES);
    if (!body.ok) return answer(body.status, { error: body.code });
    const billing = await deps.billing();
    let receipt;
    try {
      receipt = await billing.receiveWebhook(
        body.text,
        request.headers.get('recurly-signature'),
        deps.now?.() ?? new Date(),
      );
    } catch (error) {
      console.error('Applying a billing webhook failed; the provider will deliver it again', error);
      return answer(503, { error: 'not_applied' });
    }
    if (receipt.status !== 200) return answer(receipt.status, { error: receipt.reason });
    return answer(200, { result: receipt.result });
  };
}
