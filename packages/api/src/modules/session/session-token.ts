import { SignJWT, decodeProtectedHeader, jwtVerify, type CryptoKey, type KeyObject } from 'jose';
import { sessionClaimsSchema, type SessionClaims, type SessionFacts } from './session-claims';

export const SESSION_TOKEN_ALGORITHM = 'ES256';

type SigningKey = CryptoKey | KeyObject;

/**
 * Signs the product session token. It carries only the spec §3 claims (no iat, iss or sub), expires
 * `ttlSeconds` after `now`, and names its key in the header so keys can be rotated.
 */
export async function signSessionToken(
  facts: SessionFacts,
  options: { privateKey: SigningKey; keyId: string; now: Date; ttlSeconds: number },
): Promise<string> {
  const exp = Math.floor(options.now.getTime() / 1000) + options.ttlSeconds;
  const claims: SessionClaims = sessionClaimsSchema.parse({ ...facts, exp });
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: SESSION_TOKEN_ALGORITHM, typ: 'JWT', kid: options.keyId })
    .sign(options.privateKey);
}

/**
 * The claims of a valid token, or null. Null for anything else: malformed, tampered, signed by another
 * key or algorithm (including `none`), expired at `now`, or carrying claims other than spec §3's.
 * Never throws: to the server, a bad token is simply no session.
 */
export async function verifySessionToken(
  token: string | undefined,
  options: { publicKeys: readonly { keyId: string; key: SigningKey }[]; now: Date },
): Promise<SessionClaims | null> {
  if (!token || token.length > 4096) return null;
  let keyId: string | undefined;
  try {
    keyId = decodeProtectedHeader(token).kid;
  } catch {
    return null;
  }
  const candidates = options.publicKeys.filter((k) => keyId === undefined || k.keyId === keyId);
  for (const { key } of candidates) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [SESSION_TOKEN_ALGORITHM],
        currentDate: options.now,
        clockTolerance: 0,
      });
      const claims = sessionClaimsSchema.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      // Try the next key; when none verifies, the token is no session.
    }
  }
  return null;
}

/** How long a verified token is remembered, and how many are. */
const VERIFIED_MEMO_MS = 60_000;
const VERIFIED_MEMO_ENTRIES = 10_000;

/**
 * `verifySessionToken` with a short memo of the tokens it verified: a signed-in reader's every request
 * carries the same token, and an ES256 verification costs far more than a map lookup (issue 26). A
 * remembered token is the same bytes already verified against the same keys, so the answer cannot differ
 * except by time: its `exp` is checked again on every use, and an entry is forgotten after a minute. Only
 * valid tokens are remembered (a flood of forged ones fills nothing), at most VERIFIED_MEMO_ENTRIES, the
 * least recently used dropped first.
 */
export function createSessionTokenVerifier(
  publicKeys: readonly { keyId: string; key: SigningKey }[],
  limits: { memoMs?: number; entries?: number } = {},
): (token: string | undefined, now: Date) => Promise<SessionClaims | null> {
  const memoMs = limits.memoMs ?? VERIFIED_MEMO_MS;
  const entries = limits.entries ?? VERIFIED_MEMO_ENTRIES;
  const verified = new Map<string, { claims: SessionClaims; at: number }>();
  return async (token, now) => {
    if (!token) return null;
    const seen = verified.get(token);
    const at = now.getTime();
    if (seen && at - seen.at >= 0 && at - seen.at < memoMs) {
      verified.delete(token);
      if (seen.claims.exp <= Math.floor(at / 1000)) return null;
      verified.set(token, seen); // the most recently used go last, the least recently used first
      return seen.claims;
    }
    const claims = await verifySessionToken(token, { publicKeys, now });
    if (claims) {
      verified.delete(token);
      verified.set(token, { claims, at });
      if (verified.size > entries) verified.delete(verified.keys().next().value!);
    }
    return claims;
  };
}
