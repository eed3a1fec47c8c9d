import type { StoryCard } from '@bof/api/content';

/** How many of the newest articles lead the front beside the top story, with pictures. */
export const SECONDARY_LEADS = 2;
/** How many section stories a section rail shows. */
export const RAIL_SIZE = 4;

/**
 * The front's lead block from the newest articles: the top story, the secondary leads under it and the
 * latest headlines beside it. Every story is in one place only.
 */
export function leadBlock(newest: readonly StoryCard[]): {
  top: StoryCard | null;
  secondary: StoryCard[];
  latest: StoryCard[];
} {
  return {
    top: newest[0] ?? null,
    secondary: newest.slice(1, 1 + SECONDARY_LEADS),
    latest: newest.slice(1 + SECONDARY_LEADS),
  };
}

/** A section rail's stories: the section's newest that the front does not show already. */
export function railStories(stories: readonly StoryCard[], shown: ReadonlySet<string>): StoryCard[] {
  return stories.filter((story) => !shown.has(story.id)).slice(0, RAIL_SIZE);
}
