/**
 * Kratos's `return_to` check: a target is allowed when it has the scheme of an allowed URL, the same host
 * (or, for an allowed `*.example.com`, a host that ends in `.example.com` at a label boundary), the same
 * port, and a path under the allowed path. A bare suffix match (`evilexample.com`) and an https → http
 * downgrade are refused.
 */
export function isAllowedReturnTo(target: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return allowed.some((entry) => matches(url, entry));
}

function matches(url: URL, entry: string): boolean {
  const wildcard = /^(https?):\/\/\*\.([^/:]+)(:\d+)?(\/.*)?$/i.exec(entry);
  if (wildcard) {
    const [, scheme, domain, port, pathPrefix] = wildcard;
    if (url.protocol !== `${scheme!.toLowerCase()}:`) return false;
    const host = url.hostname.toLowerCase();
    if (!host.endsWith(`.${domain!.toLowerCase()}`)) return false;
    if ((url.port || '') !== (port ? port.slice(1) : '')) return false;
    return pathStartsWith(url.pathname, pathPrefix ?? '/');
  }
  let allowed: URL;
  try {
    allowed = new URL(entry);
  } catch {
    return false;
  }
  return (
    url.protocol === allowed.protocol &&
    url.hostname.toLowerCase() === allowed.hostname.toLowerCase() &&
    url.port === allowed.port &&
    pathStartsWith(url.pathname, allowed.pathname)
  );
}

function pathStartsWith(path: string, prefix: string): boolean {
  if (prefix === '' || prefix === '/') return true;
  const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
  return path === prefix || path.startsWith(base);
}
