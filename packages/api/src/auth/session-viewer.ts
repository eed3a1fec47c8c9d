import { viewerFromClaims, type ViewerClaims, type ViewerResolver } from './viewer';

/**
 * The viewer resolver of the running site: the session module's `signedIn` reads the request's
 * `bof_session` (signature, algorithm, expiry, exact claims) and checks that its identity session lives,
 * refusing it when the identity provider cannot be asked; the claims become the viewer. A missing,
 * forged or expired token, or one whose identity session ended, is an anonymous request.
 */
export function createSessionViewerResolver(deps: {
  signedIn(cookieHeader: string | null, now: Date): Promise<ViewerClaims | null>;
  now?: () => Date;
}): ViewerResolver {
  const now = deps.now ?? (() => new Date());
  return async (request) => {
    const cookieHeader = request.headers.get('cookie');
    if (!cookieHeader) return null;
    const claims = await deps.signedIn(cookieHeader, now());
    return claims ? viewerFromClaims(claims) : null;
  };
}
