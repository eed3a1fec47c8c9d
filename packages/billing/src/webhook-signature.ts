import { createHmac, timingSafeEqual } from 'node:crypto';

/** Recurly's window: a notification signed more than five minutes away from now is refused. */
export const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'stale' | 'mismatch' };

const hmac = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The `recurly-signature` header for a body: `<timestamp ms>,<hex HMAC-SHA256 of "timestamp.body">`. */
export function signWebhook(body: string, secrets: readonly string[], now: Date): string {
  const timestamp = String(now.getTime());
  return [timestamp, ...secrets.map((secret) => hmac(secret, timestamp, body))].join(',');
}

/**
 * Verifies a `recurly-signature` header against the raw body: the timestamp must be within five minutes
 * of `now`, and one of the header's signatures must match one of `secrets` (several, for key rotation).
 */
export function verifyWebhookSignature(
  header: string | null,
  body: string,
  secrets: readonly string[],
  now: Date,
): SignatureCheck {
  if (!header || header.length > 2048) return { ok: false, reason: 'malformed' };
  const [timestamp, ...signatures] = header.split(',').map((part) => part.trim());
  if (!timestamp || !/^\d{10,16}$/.test(timestamp) || signatures.length === 0)
    return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() - Number(timestamp)) > SIGNATURE_TOLERANCE_MS)
    return { ok: false, reason: 'stale' };
  for (const secret of secrets) {
    const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
    for (const signature of signatures) {
      if (!/^[0-9a-f]{64}$/i.test(signature)) continue;
      if (timingSafeEqual(expected, Buffer.from(signature, 'hex')))
        return { ok: true, timestamp: Number(timestamp) };
    }
  }
  return { ok: false, reason: 'mismatch' };
}
