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
 *   /user/logout, becomes the front page.
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
  const where = safeDecode(`${url.pathname}${url.search}`).toLowerCase();
  if (FORBIDDEN_FRAGMENTS[options.kind].some((fragment) => where.includes(fragment))) return home;
  return url.toString();
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
