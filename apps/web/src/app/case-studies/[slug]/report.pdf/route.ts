import { getServerEnv } from '@bof/config/server';
import { renderCaseStudyPdf } from '@bof/api/content-pdf';
import { content, orNotFound, slugOr404 } from '../../../../server/content/content-pages';

export const dynamic = 'force-dynamic';

/** The PDF report of a case study, generated from its own content. */
export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const story = await orNotFound((await content()).story(slugOr404(slug)));
  if (story.kind !== 'case_study') return new Response('Not a case study', { status: 404 });
  const { siteName, siteUrl } = getServerEnv();
  const pdf = await renderCaseStudyPdf(story, { siteName, url: `${siteUrl}/case-studies/${story.slug}/` });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${story.slug}.pdf"`,
      'cache-control': 'private, max-age=300',
    },
  });
}
