import type { Metadata } from 'next';
import { ListHeader } from '../../../components/content/list-header';
import { Pagination } from '../../../components/content/pagination';
import { StoryList } from '../../../components/content/story-list';
import {
  checkPage,
  content,
  orNotFound,
  orUndefined,
  pageOr404,
  slugOr404,
  slugOrUndefined,
} from '../../../server/content/content-pages';

export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const valid = slugOrUndefined(slug);
  const author = valid ? await orUndefined((await content()).author(valid)) : undefined;
  if (!author) return {};
  return {
    description: author.bio,
    openGraph: { title: author.name, description: author.bio, type: 'profile' },
  };
}

/** An author's page: who they are, then their stories, newest first. */
export default async function AuthorPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const page = pageOr404(await searchParams);
  const list = await orNotFound((await content()).authorPage(slugOr404(slug), page));
  checkPage(list);
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ListHeader kicker={list.author.title} title={list.author.name}>
        <p>{list.author.bio}</p>
      </ListHeader>
      <h2 className="mb-6 text-sm font-semibold uppercase tracking-wide">
        Stories by {list.author.name} ({list.total})
      </h2>
      <StoryList stories={list.stories} empty="No stories by this author yet." headingLevel={3} />
      <Pagination basePath={`/authors/${list.author.slug}/`} page={list.page} pageCount={list.pageCount} />
    </div>
  );
}
