import Link from 'next/link';
import type { ReactNode } from 'react';
import { storyPath, type BodyBlock, type Story, type StoryCard as Card } from '@bof/api/content';
import { ArticleBody } from './article-body';
import { GATED_PART_CLASS } from './gated-part';
import { Illustration, ILLUSTRATION_SIZES } from './illustration';
import { ReadingTracker } from './reading-tracker';
import { GiftStory } from '../gifts/gift-story';
import { ShareTools } from './share-tools';
import { StoryByline } from './story-byline';
import { StoryCard } from './story-card';
import './reading.css';

/**
 * A story's page: header, hero, body, and what follows it. `blocks` is what the body shows (the page
 * passes the blocks the reader may read); `afterBody` holds extras such as a case study's glossary.
 */
export function StoryView({
  story,
  blocks,
  related,
  recommended,
  url,
  gatedBlocks = [],
  wall,
  notice,
  afterBody,
  headerExtra,
  afterAuthors,
}: {
  story: Story;
  /** What every reader sees: the whole body of a free story, the opening of a gated one. */
  blocks: readonly BodyBlock[];
  /** The rest of a gated story, for a reader with access (marked for the JSON-LD `hasPart`). */
  gatedBlocks?: readonly BodyBlock[];
  /** In place of the gated part, for a reader without access. */
  wall?: ReactNode;
  /** Above the body: what a gift link did. */
  notice?: ReactNode;
  related: readonly Card[];
  recommended: readonly Card[];
  url: string;
  afterBody?: ReactNode;
  headerExtra?: ReactNode;
  /** Below the authors: the newsletter sign-up box. */
  afterAuthors?: ReactNode;
}) {
  const origin = new URL(url).origin;
  return (
    <>
      <article id="story" className="story relative mx-auto max-w-page px-gutter pb-8 pt-8">
        <div aria-hidden="true" className="reading-progress print:hidden">
          <div className="reading-progress-bar" data-testid="reading-progress" />
        </div>
        <ReadingTracker storyId="story" articleId={story.id} />
        <header className="mx-auto max-w-measure">
          <p className="flex flex-wrap gap-x-3 text-xs font-semibold uppercase tracking-wide">
            {story.kind === 'case_study' ? (
              <Link
                prefetch={false}
                href="/case-studies/"
                className="text-accent no-underline hover:underline"
              >
                Case Study
              </Link>
            ) : (
              <Link
                prefetch={false}
                href={`/articles/${story.section.slug}/`}
                className="text-accent no-underline hover:underline"
              >
                {story.section.name}
              </Link>
            )}
            {story.topics.map((t) => (
              <Link
                prefetch={false}
                key={t.slug}
                href={`/topics/${t.slug}/`}
                className="text-muted no-underline hover:underline"
              >
                {t.name}
              </Link>
            ))}
            {story.series ? (
              <Link
                prefetch={false}
                href={`/series/${story.series.slug}/`}
                className="text-muted no-underline hover:underline"
              >
                {story.series.title}
              </Link>
            ) : null}
          </p>
          <h1 className="mt-3 font-serif text-4xl font-bold leading-tight text-balance">{story.headline}</h1>
          <p className="mt-4 font-serif text-xl leading-snug text-muted">{story.standfirst}</p>
          <StoryByline story={story} />
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <ShareTools url={url} title={story.headline} articleId={story.id} />
            <GiftStory articleId={story.id} title={story.headline} access={story.access} />
          </div>
          {headerExtra}
        </header>
        <figure className="mx-auto mt-8 max-w-4xl">
          <Illustration
            art={story.hero.art}
            photo={story.hero.photo}
            alt={story.hero.alt}
            sizes={ILLUSTRATION_SIZES.hero}
            preload
          />
          <figcaption className="mt-2 text-sm text-muted">
            {story.hero.caption} <span className="text-xs">{story.hero.credit}</span>
          </figcaption>
        </figure>
        <div className="mx-auto mt-10 max-w-measure">
          {notice}
          <ArticleBody blocks={blocks} related={related} origin={origin} />
          {story.access === 'free' ? (
            afterBody
          ) : (
            <div className={GATED_PART_CLASS}>
              {gatedBlocks.length > 0 ? (
                <div className="mt-6">
                  <ArticleBody blocks={gatedBlocks} related={related} origin={origin} />
                </div>
              ) : null}
              {wall}
              {afterBody}
            </div>
          )}
          {story.tags.length > 0 ? (
            <p className="mt-10 flex flex-wrap gap-2 text-sm">
              <span className="sr-only">Tags:</span>
              {story.tags.map((tag) => (
                <span key={tag.slug} className="rounded-full bg-surface px-3 py-1">
                  {tag.name}
                </span>
              ))}
            </p>
          ) : null}
          <section aria-labelledby="about-authors" className="mt-10 border-t border-rule pt-6">
            <h2 id="about-authors" className="text-sm font-semibold uppercase tracking-wide">
              About the {story.authors.length > 1 ? 'authors' : 'author'}
            </h2>
            <ul className="mt-3 space-y-3 text-sm">
              {story.authors.map((a) => (
                <li key={a.slug}>
                  <Link prefetch={false} href={`/authors/${a.slug}/`} className="font-semibold">
                    {a.name}
                  </Link>
                  , {a.title}
                </li>
              ))}
            </ul>
          </section>
          {afterAuthors}
        </div>
      </article>
      {recommended.length > 0 ? (
        <section aria-labelledby="read-next" className="mx-auto max-w-page px-gutter print:hidden">
          <h2
            id="read-next"
            className="border-t-2 border-ink pt-3 text-sm font-semibold uppercase tracking-wide"
          >
            Read next
          </h2>
          <ul className="mt-6 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {recommended.map((card) => (
              <li key={card.id}>
                <StoryCard story={card} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The slugs of the related-story blocks in a body. */
export function relatedSlugs(blocks: readonly BodyBlock[]): string[] {
  return blocks.flatMap((b) => (b.type === 'related' ? [b.slug] : []));
}

export { storyPath };
