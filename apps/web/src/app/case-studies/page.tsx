import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { StoryListPage } from '../../components/content/story-list-page';
import { checkPage, content, pageOr404 } from '../../server/content/content-pages';
import { listPageMetadata, type ListPageInfo } from '../../server/content/list-page';

export const dynamic = 'force-dynamic';

const CASE_STUDIES: ListPageInfo = {
  path: '/case-studies/',
  kicker: 'Premium',
  title: 'Case Studies',
  description:
    'Long-form studies of how fashion companies won, lost and adapted, with the numbers behind them, a glossary of terms and a PDF report.',
};

export function generateMetadata(): Metadata {
  return listPageMetadata(CASE_STUDIES, getServerEnv());
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Spec §2 /case-studies/: every case study, newest first. */
export default async function CaseStudiesPage({ searchParams }: Props) {
  const page = pageOr404(await searchParams);
  const list = await (await content()).caseStudiesPage(page);
  checkPage(list);
  return <StoryListPage info={CASE_STUDIES} list={list} empty="No case studies have been published yet." />;
}
