import type { IncomingHttpHeaders } from 'node:http';
import { METER_CHECK_PARAM } from '@bof/paywall/meter-check';

const STORY_PATH =
  /^\/(?:articles\/[^/?#]+|case-studies)\/([a-z0-9][a-z0-9-]{0,199})\/(report\.pdf)?(?:[?#]|$)/;

/** The query parameter of a gift link's cookie check (a browser sent round once to get our cookie). */
export const GIFT_CHECK_PARAM = 'gift_check';

export interface StoryRequest {
  slug: string;
  /**
   * Whether the request may count a metered read: a GET of the page, full or a React Server Components
   * navigation; not a prefetch, HEAD or the PDF.
   */
  count: boolean;
  /** Whether it is a full page view (a GET of the HTML): only that may take one of a gift's reader places. */
  pageView: boolean;
  /** The story gift token of the address (`?gift=`); never for the PDF, which a gift does not open. */
  gift: string | undefined;
  /** Whether the address is a gift's cookie check (`gift_check=1`). */
  giftCookieChecked: boolean;
  /** The meter cookie check's token (`meter_check=`), when the address carries one. */
  meterCheck: string | undefined;
  userAgent: string | undefined;
}

/** Whether the request asks for a React Server Components payload rather than the HTML. */
function isRsc(headers: IncomingHttpHeaders, params: URLSearchParams | null): boolean {
  return headers.rsc !== undefined || params?.has('_rsc') === true;
}

/**
 * Whether a request is for a story page (or a case study's PDF), and what it may do: count a read, take a
 * gift's reader place. Prefetches (Next.js's router, `Purpose`/`Sec-Purpose: prefetch`) and HEAD never
 * count; the PDF never counts and ignores a gift.
 */
export function storyRequest(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): StoryRequest | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url) return null;
  const match = STORY_PATH.exec(url);
  if (!match?.[1]) return null;
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`;
  const prefetch =
    headers['next-router-prefetch'] !== undefined ||
    headers['next-router-segment-prefetch'] !== undefined ||
    /prefetch/i.test(purpose);
  const pdf = match[2] !== undefined;
  const query = url.indexOf('?');
  const params = query >= 0 ? new URLSearchParams(url.slice(query + 1)) : null;
  const count = method === 'GET' && !prefetch && !pdf;
  const userAgent = headers['user-agent'];
  return {
    slug: match[1],
    count,
    pageView: count && !isRsc(headers, params),
    gift: pdf ? undefined : params?.get('gift') || undefined,
    giftCookieChecked: params?.get(GIFT_CHECK_PARAM) === '1',
    meterCheck: params?.get(METER_CHECK_PARAM) ?? undefined,
    userAgent: typeof userAgent === 'string' ? userAgent : undefined,
  };
}

/** The address of a gift link's cookie check: the same address with `gift_check=1`. */
export function giftCheckUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query >= 0 ? url.slice(0, query) : url;
  const params = new URLSearchParams(query >= 0 ? url.slice(query + 1) : '');
  params.set(GIFT_CHECK_PARAM, '1');
  return `${path}?${params.toString()}`;
}

/** The address of the meter cookie check: the same address with `meter_check=<token>`. */
export function meterCheckUrl(url: string, token: string): string {
  const query = url.indexOf('?');
  const path = query >= 0 ? url.slice(0, query) : url;
  const params = new URLSearchParams(query >= 0 ? url.slice(query + 1) : '');
  params.set(METER_CHECK_PARAM, token);
  return `${path}?${params.toString()}`;
}

/** The address without the meter cookie check's parameter (as it was before the check). */
export function withoutMeterCheck(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  if (!params.has(METER_CHECK_PARAM)) return url;
  params.delete(METER_CHECK_PARAM);
  const rest = params.toString();
  return rest ? `${url.slice(0, query)}?${rest}` : url.slice(0, query);
}
