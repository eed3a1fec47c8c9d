import { SESSION_COOKIE } from '@bof/config/constants';
import { readCookie } from '@bof/http/cookies';

/**
 * The session token's claims exactly as the token carries them, decoded without checking (the debug
 * toolbar shows what the server issued, including anything the browser's own reading would drop). Null
 * without a token; a token that is not a readable JWT is reported as such.
 */
export function rawSessionClaims(
  cookieHeader: string,
): Record<string, unknown> | { unreadable: string } | null {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token) return null;
  const payload = token.split('.')[1];
  try {
    if (!payload) throw new Error('not a JWT');
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0)),
    );
    const claims = JSON.parse(json) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
      throw new Error('not an object');
    return claims as Record<string, unknown>;
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
}
