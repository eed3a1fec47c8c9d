import type { IncomingHttpHeaders } from 'node:http';

const STORY_PATH =
  /^\/(?:articles\/[^/?#]+|case-studies)\/([a-z0-9][a-z0-9-]{0,199})\/(report\.pdf)?(?:[?#]|$)/;

/**
 * Whether a request is for a story page (or a case study's PDF), and whether it may count a read: only a
 * real GET of the page does; prefetches, HEAD and the PDF do not.
 */
export function storyRequest(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
): { slug: string; count: boolean } | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url) return null;
  const match = STORY_PATH.exec(url);
  if (!match?.[1]) return null;
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`;
  const prefetch = headers['next-router-prefetch'] !== undefined || /prefetch/i.test(purpose);
  return { slug: match[1], count: method === 'GET' && !prefetch && !match[2] };
}
