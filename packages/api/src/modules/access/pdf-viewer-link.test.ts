import { describe, expect, it } from 'vitest';
import { PDF_VIEWER_LINK_SECONDS, pdfViewerLink, verifyPdfViewerLink } from './pdf-viewer-link';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const story = { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', slug: 'a-case-study' };
const now = new Date('2026-11-23T10:00:00Z');
const paramsOf = (url: string) => {
  const search = new URL(url).searchParams;
  return { expires: search.get('expires'), signature: search.get('signature') };
};

describe('PDF viewer links', () => {
  it('open the PDF of their story until they expire', () => {
    const link = pdfViewerLink(secret, story, 'https://site.example', now);
    expect(link.url).toMatch(
      /^https:\/\/site\.example\/case-studies\/a-case-study\/report\.pdf\?expires=\d+&signature=/,
    );
    expect(verifyPdfViewerLink(secret, story.id, paramsOf(link.url), now)).toBe(true);
    const late = new Date(now.getTime() + PDF_VIEWER_LINK_SECONDS * 1000);
    expect(verifyPdfViewerLink(secret, story.id, paramsOf(link.url), late)).toBe(false);
  });

  it('refuse another story, a changed expiry, a wrong secret and missing parts', () => {
    const params = paramsOf(pdfViewerLink(secret, story, 'https://site.example', now).url);
    expect(verifyPdfViewerLink(secret, '16fd2706-8baf-433b-82eb-8c7fada847da', params, now)).toBe(false);
    expect(
      verifyPdfViewerLink(
        secret,
        story.id,
        { ...params, expires: String(Number(params.expires) + 600) },
        now,
      ),
    ).toBe(false);
    expect(verifyPdfViewerLink(`${secret}x`, story.id, params, now)).toBe(false);
    expect(verifyPdfViewerLink(secret, story.id, { expires: null, signature: params.signature }, now)).toBe(
      false,
    );
    expect(verifyPdfViewerLink(secret, story.id, { expires: params.expires, signature: null }, now)).toBe(
      false,
    );
  });
});
