import { getServerEnv } from '@bof/config/server';
import { renderCaseStudyPdf } from '@bof/api/content-pdf';
import { verifyPdfViewerLink } from '@bof/api/access';
import { runningServices } from '@bof/api/running-services';
import { opensReport } from '@bof/paywall/decide-access';
import type { AccessLevel } from '@bof/paywall/types';
import { storyAccess } from '../../../../server/access/story-access';
import { content, orNotFound, slugOr404 } from '../../../../server/content/content-pages';

export const dynamic = 'force-dynamic';

/**
 * The PDF report of a case study, generated from its own content, for readers whose membership includes
 * the case study (and admins), or holding a signed viewer link (`generatePdfViewerLink`, minutes), which
 * only those readers get. A gift link or a metered read opens the case study's page, not its report
 * (docs/access.md, "PDF reports"); anyone else is sent to the case study page, whose wall explains.
 */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const story = await orNotFound((await content()).story(slugOr404(slug)));
  if (story.kind !== 'case_study') return new Response('Not a case study', { status: 404 });
  const { siteName, siteUrl } = getServerEnv();
  const search = new URL(request.url).searchParams;
  const { signingSecret } = (await runningServices()).access;
  const viewerLink = verifyPdfViewerLink(
    signingSecret,
    story.id,
    { expires: search.get('expires'), signature: search.get('signature') },
    new Date(),
  );
  if (!viewerLink) {
    const access = await storyAccess({ id: story.id, slug: story.slug, access: story.access as AccessLevel });
    if (!opensReport(access.decision))
      return new Response('The PDF report is for members with access to this case study.', {
        status: 303,
        headers: { location: `${siteUrl}/case-studies/${story.slug}/`, 'cache-control': 'private, no-store' },
      });
  }
  const pdf = await renderCaseStudyPdf(story, { siteName, url: `${siteUrl}/case-studies/${story.slug}/` });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${story.slug}.pdf"`,
      'cache-control': 'private, max-age=300',
    },
  });
}
