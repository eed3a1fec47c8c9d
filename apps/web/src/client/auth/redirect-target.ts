/** Where a sign-in or sign-out journey returns to (spec §5). */
export type RedirectKind = 'login' | 'logout';

/** Paths that must never be returned to, by journey (spec §5). */
const FORBIDDEN_FRAGMENTS: Record<RedirectKind, readonly string[]> = {
  login: ['/user/confirm-email'],
  logout: ['/user/one-more-step', '/user/logout'],
};

/**
 * Resolves a redirect target to an absolute URL on the site, or the site's front page.
 * - No target: the current page.
 * - A relative target is made absolute against the current page.
 * - A target on another origin (`//evil.com`, `/\evil.com`, `https://site@evil.com`, control characters,
 *   encoded tricks the URL parser decodes) or with a scheme other than http(s) is never followed.
 * - A login target containing /user/confirm-email, or a logout target containing /user/one-more-step or
 *   /user/logout, becomes the front page. The check sees through what a server would also see through:
 *   percent-encoding (also nested, also next to a stray `%`), repeated slashes and letter case.
 * - Repeated slashes in the path are collapsed, so the target's path can never be read as a host.
 */
export function resolveRedirectTarget(
  target: string | null | undefined,
  options: { kind: RedirectKind; currentUrl: string; siteOrigin: string },
): string {
  const home = `${options.siteOrigin}/`;
  let url: URL;
  try {
    url = new URL(target ?? options.currentUrl, options.currentUrl);
  } catch {
    return home;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== options.siteOrigin)
    return home;
  if (url.username || url.password) return home;
  url.pathname = url.pathname.replace(/\/{2,}/g, '/');
  const where = normalisedForMatching(`${url.pathname}${url.search}`);
  if (FORBIDDEN_FRAGMENTS[options.kind].some((fragment) => where.includes(fragment))) return home;
  return url.toString();
}

/**
 * The address as a server would route it, for the forbidden-path check: percent-escapes decoded (to a
 * fixed point, each valid `%XX` on its own, so a malformed one elsewhere cannot stop the decoding),
 * backslashes read as slashes, runs of slashes collapsed, lower case.
 */
function normalisedForMatching(value: string): string {
  let current = value;
  for (let round = 0; round < 5; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    if (next === current) break;
    current = next;
  }
  return current
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}
