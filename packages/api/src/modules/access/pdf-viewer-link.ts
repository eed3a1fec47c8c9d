import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a PDF viewer link works. */
export const PDF_VIEWER_LINK_SECONDS = 5 * 60;

const sign = (secret: string, articleId: string, expires: number) =>
  createHmac('sha256', secret).update(`pdf-viewer:${articleId}:${expires}`).digest('base64url');

/** A signed address of a case study's PDF that opens it without cookies until it expires. */
export function pdfViewerLink(
  secret: string,
  story: { id: string; slug: string },
  siteUrl: string,
  now: Date,
): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + PDF_VIEWER_LINK_SECONDS;
  const query = new URLSearchParams({ expires: String(expires), signature: sign(secret, story.id, expires) });
  return {
    url: `${siteUrl}/case-studies/${story.slug}/report.pdf?${query.toString()}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** Whether a viewer link's `expires` and `signature` were signed for this story and are still valid. */
export function verifyPdfViewerLink(
  secret: string,
  articleId: string,
  params: { expires: string | null; signature: string | null },
  now: Date,
): boolean {
  const expires = Number(params.expires);
  if (!Number.isInteger(expires) || !params.signature || expires * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(sign(secret, articleId, expires));
  const given = Buffer.from(params.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
