import type { IncomingHttpHeaders } from 'node:http';

const STORY_PATH =
  /^\/(?:articles\/[^/?#]+|case-studies)\/([a-z0-9][a-z0-9-]{0,199})\/(report\.pdf)?(?:[?#]|$)/;

/**
 * Whether a request is for a story page (or a case study's PDF), whether it may count a read (only a
 * real GET of the page does; prefetches, HEAD and the PDF do not), and the story gift it carries.
 */
export function storyRequest(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): { slug: string; count: boolean; gift: string | undefined } | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url) return null;
  const match = STORY_PATH.exec(url);
  if (!match?.[1]) return null;
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`;
  const prefetch = headers['next-router-prefetch'] !== undefined || /prefetch/i.test(purpose);
  const query = url.indexOf('?');
  const gift = query >= 0 ? (new URLSearchParams(url.slice(query + 1)).get('gift') ?? undefined) : undefined;
  return { slug: match[1], count: method === 'GET' && !prefetch && !match[2], gift: gift || undefined };
}
