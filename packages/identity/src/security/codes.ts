import { createHash, randomInt, randomBytes } from 'node:crypto';

/** A six-digit one-time code from the CSPRNG (leading zeros kept). */
export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Opaque tokens (sessions, logout, exchange codes): 32 random bytes. */
export function newToken(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A code's stored form, bound to its flow so a code cannot be replayed in another flow. */
export function hashCode(flowId: string, code: string): string {
  return sha256(`${flowId}:${code.trim()}`);
}
