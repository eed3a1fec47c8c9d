import { purposeMac } from './paywall-token';

/**
 * The meter cookie check (docs/access.md, "The meter"): an anonymous request without `bof_meter` for a
 * story that would count is answered with the cookie and a redirect to the same address with
 * `meter_check=<token>`. The token is the time it was issued, signed, so that the second request can tell
 * "we gave you the cookie a moment ago and you did not send it back" (the registration wall) from an old
 * or copied address that still carries a check (a new check).
 */

/** The query parameter of the meter cookie check. */
export const METER_CHECK_PARAM = 'meter_check';

/** How long after it was issued a check counts as the answer to it. */
export const METER_CHECK_SECONDS = 120;

const SIGNATURE_BYTES = 16;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function signature(issuedAt: number, secret: string): string {
  const mac = purposeMac(secret, 'meter-check', `meter-check/${issuedAt}`);
  return base64url(mac.subarray(0, SIGNATURE_BYTES));
}

/** The value of `meter_check` for a check issued at `now`: `<seconds>.<signature>`. */
export function signMeterCheck(now: Date, secret: string): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${issuedAt}.${signature(issuedAt, secret)}`;
}

/**
 * Whether `value` is a check we issued within METER_CHECK_SECONDS before `now` (a forged, edited, future
 * or stale value is not: the browser is checked again).
 */
export function isFreshMeterCheck(value: string | undefined, now: Date, secret: string): boolean {
  if (!value || value.length > 64) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,43})$/.exec(value);
  if (!match) return false;
  const issuedAt = Number(match[1]);
  const age = Math.floor(now.getTime() / 1000) - issuedAt;
  if (age < 0 || age > METER_CHECK_SECONDS) return false;
  const expected = signature(issuedAt, secret);
  if (expected.length !== match[2]!.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i += 1) diff |= expected.charCodeAt(i) ^ match[2]!.charCodeAt(i);
  return diff === 0;
}
