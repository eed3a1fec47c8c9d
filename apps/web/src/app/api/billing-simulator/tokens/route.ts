import { z } from 'zod';
import { hasErrorCode } from '@bof/api/errors';
import { runningServices } from '@bof/api/running-services';
import { createSessionViewerResolver } from '@bof/api/session-viewer';
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

// The reader paying: whoever the verified `bof_session` cookie names (the payment form asks to sign in first).
const viewerOf = createSessionViewerResolver({
  signedIn: async (cookieHeader, now) =>
    (await runningServices()).sessions.signedIn(cookieHeader, now, 'refuse'),
});

/**
 * The billing simulator's card tokenisation, the embedded counterpart of Recurly.js: the card number is
 * checked and exchanged for a token here, and never reaches the product's own API. The token is for one
 * use by the signed-in reader who made it; signed out, there is no token (401).
 */
export async function POST(request: Request): Promise<Response> {
  const closed = await embeddedOnly(request);
  if (closed) return closed;
  const viewer = await viewerOf(request);
  if (!viewer)
    return Response.json(
      { error: { field: null, message: 'Sign in to pay: your session has ended.' } },
      { status: 401, headers: { 'cache-control': 'no-store' } },
    );
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
    const token = await simulator.tokenize(
      { ...card.data, countryCode: card.data.countryCode.toUpperCase() },
      { owner: viewer.userId },
    );
    return Response.json(token, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    if (hasErrorCode(error, 'invalid_card')) {
      const { field } = error as unknown as { field: string };
      return Response.json({ error: { field, message: error.message } }, { status: 422 });
    }
    throw error;
  }
}
