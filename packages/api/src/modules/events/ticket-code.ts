import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A ticket code: `BOFT-<ticket id, 32 hex>-<signature, 20 base32url chars>`. The signature is an HMAC of
 * the ticket id under the product's secret, so a code cannot be made up or altered: a check-in refuses
 * it before looking anything up. Codes are case-insensitive when typed (the QR image carries them as
 * printed).
 */
const PREFIX = 'BOFT';
const SIGNATURE_LENGTH = 20;

const signatureOf = (secret: string, ticketHex: string) =>
  createHmac('sha256', `event-ticket:${secret}`)
    .update(ticketHex)
    .digest('hex')
    .slice(0, SIGNATURE_LENGTH)
    .toUpperCase();

/** The signed code of the ticket with this id (a UUID). */
export function signTicketCode(secret: string, ticketId: string): string {
  const hex = ticketId.replaceAll('-', '').toUpperCase();
  return `${PREFIX}-${hex}-${signatureOf(secret, hex)}`;
}

export type TicketCodeCheck = { kind: 'valid'; ticketId: string; code: string } | { kind: 'forged' };

/**
 * Checks a typed, pasted or scanned code. Spaces around it and lower case are forgiven; anything that is
 * not a code this product signed is `forged` (a made-up code, a changed character, another site's).
 */
export function verifyTicketCode(secret: string, input: string): TicketCodeCheck {
  const code = input.trim().toUpperCase();
  const match = new RegExp(`^${PREFIX}-([0-9A-F]{32})-([0-9A-F]{${SIGNATURE_LENGTH}})$`).exec(code);
  if (!match) return { kind: 'forged' };
  const [, hex, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(signatureOf(secret, hex));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { kind: 'forged' };
  const ticketId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { kind: 'valid', ticketId: ticketId.toLowerCase(), code };
}
