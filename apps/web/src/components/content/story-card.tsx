import Link from 'next/link';
import { storyPath, type StoryCard as Card } from '@bof/api/content';
import { Illustration, ILLUSTRATION_SIZES } from './illustration';
import { accessLabel, bylineText, formatDate } from './story-meta';

type Variant = 'lead' | 'standard' | 'compact';

/**
 * A story in a list: illustration, kicker (main topic or section), headline linking to the story,
 * standfirst, byline and date. `lead` is the front page's top story (its picture loads first);
 * `compact` drops the picture. The picture is decorative: the headline names the story.
 */
export function StoryCard({
  story,
  variant = 'standard',
  headingLevel = 3,
}: {
  story: Card;
  variant?: Variant;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const kicker = story.kind === 'case_study' ? 'Case Study' : (story.topics[0]?.name ?? story.section.name);
  const label = accessLabel(story.access);
  const headingSize =
    variant === 'lead' ? 'text-3xl md:text-4xl text-balance' : variant === 'compact' ? 'text-lg' : 'text-xl';
  return (
    <article className="relative flex flex-col gap-3">
      {variant !== 'compact' ? (
        <div className="overflow-hidden">
          <Illustration
            art={story.hero.art}
            photo={story.hero.photo}
            sizes={variant === 'lead' ? ILLUSTRATION_SIZES.lead : ILLUSTRATION_SIZES.card}
            preload={variant === 'lead'}
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-accent">
          {kicker}
          {label ? (
            <span className="ml-2 font-medium normal-case tracking-normal text-muted">· {label}</span>
          ) : null}
        </p>
        <Heading className={`font-serif font-bold leading-tight ${headingSize}`}>
          <Link
            prefetch={false}
            href={storyPath(story)}
            className="no-underline after:absolute after:inset-0 hover:underline"
          >
            {story.headline}
          </Link>
        </Heading>
        {variant !== 'compact' ? <p className="text-muted">{story.standfirst}</p> : null}
        <p className="text-xs text-muted">
          {bylineText(story)} ·{' '}
          <time dateTime={story.publishedAt.toISOString()}>{formatDate(story.publishedAt)}</time> ·{' '}
          {story.readingMinutes} min read
        </p>
      </div>
    </article>
  );
}
