import Link from 'next/link';
import type { ReactNode } from 'react';
import type { StoryCard as Card } from '@bof/api/content';
import { StoryCard } from './story-card';

/** A titled row of stories on the front page, with a link to the whole list. */
export function FrontRail({
  id,
  title,
  href,
  stories,
  intro,
  compact = false,
  columns = 4,
}: {
  id: string;
  title: string;
  href: string;
  stories: readonly Card[];
  intro?: ReactNode;
  compact?: boolean;
  /** Cards a row on wide screens: 4 for a rail across the page, 2 for one of two rails side by side. */
  columns?: 2 | 4;
}) {
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby={id} className="border-t-2 border-ink pt-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-sm font-semibold uppercase tracking-wide">
          {title}
        </h2>
        <Link prefetch={false} href={href} className="text-sm">
          More<span className="sr-only"> from {title}</span>
        </Link>
      </div>
      {intro ? <p className="mt-2 max-w-measure text-muted">{intro}</p> : null}
      <ul className={`mt-6 grid gap-8 sm:grid-cols-2 ${columns === 4 ? 'lg:grid-cols-4' : ''}`}>
        {stories.map((story) => (
          <li key={story.id}>
            <StoryCard story={story} variant={compact ? 'compact' : 'standard'} />
          </li>
        ))}
      </ul>
    </section>
  );
}
