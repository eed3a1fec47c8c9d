import { z } from 'zod';
import { hasErrorCode } from '@bof/api/errors';
import { runningServices } from '@bof/api/running-services';
import { embeddedOnly } from '../../../../server/embedded-only';
import { readJsonBody } from '../../../../server/read-json-body';

export const dynamic = 'force-dynamic';

const cardSchema = z.object({
  number: z.string().max(32),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(4),
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  postalCode: z.string().max(20),
  countryCode: z.string().max(2),
});

/**
 * The billing simulator's card tokenisation, the embedded counterpart of Recurly.js: the card number is
 * checked and exchanged for a token here, and never reaches the product's own API.
 */
export async function POST(request: Request): Promise<Response> {
  const closed = await embeddedOnly();
  if (closed) return closed;
  const body = await readJsonBody(request, 4096);
  if (!body.ok)
    return Response.json({ error: { field: null, message: body.message } }, { status: body.status });
  const card = cardSchema.safeParse(body.value);
  if (!card.success)
    return Response.json({ error: { field: null, message: 'Enter your card details.' } }, { status: 400 });
  const { simulator } = (await runningServices()).billing;
  // With Recurly configured, Recurly.js tokenises cards; this endpoint is the simulator's only.
  if (!simulator) return Response.json({ error: { field: null, message: 'Not found' } }, { status: 404 });
  try {
    const token = await simulator.tokenize({
      ...card.data,
      countryCode: card.data.countryCode.toUpperCase(),
    });
    return Response.json(token, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (hasErrorCode(error, 'invalid_card')) {
      const { field } = error as unknown as { field: string };
      return Response.json({ error: { field, message: error.message } }, { status: 422 });
    }
    throw error;
  }
}
