import { SESSION_COOKIE } from '@bof/config/constants';
import { readCookie } from '@bof/http/cookies';
import { viewerFromClaims, type ViewerClaims, type ViewerResolver } from './viewer';

/**
 * The viewer resolver of the running site: verifies the `bof_session` cookie with the session
 * module's `verify` (signature, algorithm, expiry, exact claims) and maps its claims to the viewer.
 * A missing, forged or expired token is an anonymous request.
 */
export function createSessionViewerResolver(deps: {
  verify(token: string | undefined, now: Date): Promise<ViewerClaims | null>;
  now?: () => Date;
}): ViewerResolver {
  const now = deps.now ?? (() => new Date());
  return async (request) => {
    // A value that is not valid percent-encoding could never verify: no token.
    const token = readCookie(request.headers.get('cookie'), SESSION_COOKIE, { malformed: 'absent' });
    if (!token) return null;
    const claims = await deps.verify(token, now());
    return claims ? viewerFromClaims(claims) : null;
  };
}
