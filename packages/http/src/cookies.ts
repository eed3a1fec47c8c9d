import { parseCookie, parseSetCookie, stringifySetCookie, type SetCookie } from 'cookie';

/** Values are taken as sent; decoding is ours, so a malformed value can be told apart from a good one. */
const asSent = (value: string) => value;

/** A percent-decoded value, or undefined when the text is not valid percent-encoding. */
function percentDecoded(value: string): string | undefined {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The cookies of a `Cookie` header (or of `document.cookie`), by name. The first value of a repeated name
 * wins, as browsers send the most specific cookie first. Values are percent-decoded; one that is not valid
 * percent-encoding is kept as sent. Parts without a name or without `=` are skipped; nothing throws.
 */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const [name, value] of Object.entries(parseCookie(header, { decode: asSent }))) {
    if (name && value !== undefined) jar.set(name, percentDecoded(value) ?? value);
  }
  return jar;
}

export interface ReadCookieOptions {
  /**
   * What a value that is not valid percent-encoding reads as: the text as sent (`keep`, the default), or
   * no cookie at all (`absent`), for a token that could never verify in that form.
   */
  malformed?: 'keep' | 'absent';
}

/** One cookie's value from a `Cookie` header (the first, when the name repeats), or undefined. */
export function readCookie(
  header: string | null | undefined,
  name: string,
  options: ReadCookieOptions = {},
): string | undefined {
  if (!header) return undefined;
  const value = parseCookie(header, { decode: asSent })[name];
  if (!name || value === undefined) return undefined;
  const decoded = percentDecoded(value);
  return decoded ?? (options.malformed === 'absent' ? undefined : value);
}

export interface SetCookieOptions {
  /** Whether the site is served over https; a browser drops a `Secure` cookie set over plain http. */
  secure: boolean;
  /** Hidden from page script. The product session cookies are not: the page reads them (spec §4). */
  httpOnly: boolean;
  /** Lifetime in whole seconds; 0 deletes the cookie. Absent: it lasts the browser session. */
  maxAgeSeconds?: number;
  expires?: Date;
  /** Defaults to `/`. */
  path?: string;
}

/**
 * One `Set-Cookie` header value: the value percent-encoded, `SameSite=Lax` always (every cookie of the
 * site is first-party and must survive a top-level navigation back from the identity provider or the
 * payment page), `Secure` only when asked.
 * @throws TypeError for a name that is not a cookie token, a non-integer max age or an invalid date.
 */
export function setCookieHeader(name: string, value: string, options: SetCookieOptions): string {
  return stringifySetCookie(name, value, {
    path: options.path ?? '/',
    maxAge: options.maxAgeSeconds,
    expires: options.expires,
    httpOnly: options.httpOnly,
    secure: options.secure,
    sameSite: 'lax',
  });
}

/** A `Set-Cookie` value that deletes the cookie (empty value, `Max-Age=0`) under the same attributes. */
export function clearCookieHeader(
  name: string,
  options: Omit<SetCookieOptions, 'maxAgeSeconds' | 'expires'>,
): string {
  return setCookieHeader(name, '', { ...options, maxAgeSeconds: 0 });
}

/**
 * A `Set-Cookie` header value read back, as a browser would store it: the name, the value as sent (still
 * percent-encoded, ready to send back in a `Cookie` header) and the attributes it understands.
 */
export function readSetCookie(line: string): SetCookie & { value: string } {
  const stored = parseSetCookie(line, { decode: asSent });
  return { ...stored, value: stored.value ?? '' };
}
