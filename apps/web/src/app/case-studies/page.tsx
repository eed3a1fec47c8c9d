import type { Metadata } from 'next';
import { ListHeader } from '../../components/content/list-header';
import { Pagination } from '../../components/content/pagination';
import { StoryList } from '../../components/content/story-list';
import { checkPage, content, pageOr404 } from '../../server/content/content-pages';

export const dynamic = 'force-dynamic';

const DESCRIPTION =
  'Long-form studies of how fashion companies won, lost and adapted, with the numbers behind them, a glossary of terms and a PDF report.';

export const metadata: Metadata = {
  description: DESCRIPTION,
  openGraph: { title: 'Case Studies', description: DESCRIPTION, type: 'website' },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /case-studies/: every case study, newest first. */
export default async function CaseStudiesPage({ searchParams }: Props) {
  const page = pageOr404(await searchParams);
  const list = await (await content()).caseStudiesPage(page);
  checkPage(list);
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ListHeader kicker="Premium" title="Case Studies">
        <p>{DESCRIPTION}</p>
      </ListHeader>
      <StoryList stories={list.stories} empty="No case studies have been published yet." />
      <Pagination basePath="/case-studies/" page={list.page} pageCount={list.pageCount} />
    </div>
  );
}
