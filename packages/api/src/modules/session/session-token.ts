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
