import type { StoryCard as Card } from '@bof/api/content';
import { StoryCard } from './story-card';

/** A list page's stories in a grid, or what to do when there are none. */
export function StoryList({
  stories,
  empty,
  headingLevel = 2,
}: {
  stories: Card[];
  empty: string;
  /** The level of each story's headline: 2 under the page's h1, 3 under a section heading. */
  headingLevel?: 2 | 3;
}) {
  if (stories.length === 0) return <p className="py-10 text-muted">{empty}</p>;
  return (
    <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
      {stories.map((story) => (
        <li key={story.id}>
          <StoryCard story={story} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
