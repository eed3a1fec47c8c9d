import type { Metadata } from 'next';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { Pagination } from '../../../components/content/pagination';
import { StoryList } from '../../../components/content/story-list';
import { FollowButton } from '../../../components/follows/follow-button';
import { checkPage, pageOr404 } from '../../../server/content/content-pages';
import { followingPage, thingsToFollow } from '../../../server/following-page';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Following', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The latest stories from the authors, topics and sections the reader follows, 20 a page. */
export default async function FollowingPage({ searchParams }: Props) {
  const page = pageOr404(await searchParams);
  const viewer = await getServerViewer();
  if (!viewer)
    return (
      <SignedOutPage
        title="Following"
        reason="Sign in to see the latest stories from the authors, topics and sections you follow."
      />
    );
  const { followed, stories } = await followingPage(viewer.user_id, page);
  checkPage(stories);
  const suggestions = followed.length === 0 ? await thingsToFollow() : [];
  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Following</h1>
      {followed.length === 0 ? (
        <section aria-labelledby="follow-something" className="mt-6 max-w-measure">
          <h2 id="follow-something" className="font-serif text-xl font-bold">
            You do not follow anything yet
          </h2>
          <p className="mt-3 text-muted">
            Follow authors, topics and sections from their pages, and their newest stories gather here. Start
            with one of these:
          </p>
          <ul className="mt-4 flex flex-wrap gap-3">
            {suggestions.map((s) => (
              <li key={s.href}>
                <a href={s.href} className="inline-block rounded border border-rule px-3 py-1.5 text-sm">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          <section aria-labelledby="you-follow" className="mt-6">
            <h2 id="you-follow" className="text-sm font-semibold uppercase tracking-wide">
              You follow
            </h2>
            <ul className="mt-3 space-y-3">
              {followed.map((f) => (
                <li key={`${f.followsType}:${f.followsKey}`} className="flex flex-wrap items-center gap-3">
                  <a href={f.href} className="font-semibold underline">
                    {f.label}
                  </a>
                  <FollowButton followsType={f.followsType} followsKey={f.followsKey} label={f.label} />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="latest-followed" className="mt-10">
            <h2 id="latest-followed" className="mb-6 text-sm font-semibold uppercase tracking-wide">
              Latest stories
            </h2>
            <StoryList
              stories={stories.stories}
              empty="No stories from what you follow yet."
              headingLevel={3}
            />
            <Pagination basePath="/user/following/" page={stories.page} pageCount={stories.pageCount} />
          </section>
        </>
      )}
    </div>
  );
}
