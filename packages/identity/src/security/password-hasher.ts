import { hash, verify } from '@node-rs/argon2';

/** OWASP's Argon2id minimum: 19 MiB of memory, two passes, one lane. */
/** `algorithm: 2` is Argon2id in @node-rs/argon2's (const) enum. */
export const ARGON2_PARAMS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Spends the same work as a real check, for identifiers without a password, so a login for an unknown
 * address takes as long as one with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
  return false;
}
