/**
 * Spec §5 patterns for what profiles link to. The server only checks and stores these strings: it never
 * fetches a profile URL, so a link cannot make it call anything (no SSRF); hosts that name this machine
 * or a private network are refused anyway, so a profile never points readers at one.
 */

/** §5 URL: http or https, a host with a top-level domain of at least 2 letters, maybe a path. */
export const URL_PATTERN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** Top-level and second-level names that only resolve inside a network or on this machine. */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'intranet', 'lan', 'home', 'corp', 'home.arpa'];
/** Public names that answer with any address written into them (127.0.0.1.nip.io and the like). */
const WILDCARD_DNS = ['nip.io', 'sslip.io', 'xip.io', 'localtest.me', 'lvh.me'];

/** Whether `value` is a link a profile may show: §5's URL pattern, to a public host. */
export function isPublicWebUrl(value: string): boolean {
  if (value.length > 2048 || !URL_PATTERN.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const endsWith = (suffix: string) => host === suffix || host.endsWith(`.${suffix}`);
  return !PRIVATE_SUFFIXES.some(endsWith) && !WILDCARD_DNS.some(endsWith);
}

/** A photo from the media pipeline (`/media/{id}.webp`). */
export const MEDIA_PATH_PATTERN = /^\/media\/[0-9a-f-]{36}\.webp$/;

/** Whether `value` names an image a profile may show: an uploaded photo, or a public §5 URL. */
export function isImageReference(value: string): boolean {
  return MEDIA_PATH_PATTERN.test(value) || isPublicWebUrl(value);
}

/**
 * §5 video link: watch, embed, short (`/v/`), shortened (youtu.be) or shorts form, with an 11-character
 * video id. Returns the id, or null when `value` is not one.
 */
export function youtubeVideoId(value: string): string | null {
  const match =
    /^https?:\/\/(?:(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#\s]*&)?v=|embed\/|v\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?:[?&#/][^\s]*)?$/.exec(
      value,
    );
  return match ? match[1]! : null;
}

/** The one form a YOUTUBE asset is stored in, whatever form it was given in. */
export function canonicalYoutubeUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}
