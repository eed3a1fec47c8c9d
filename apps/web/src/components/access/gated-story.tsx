import type { ReactNode } from 'react';
import type { BodyBlock, Story } from '@bof/api/content';
import { PREVIEW_BLOCKS, storyAccess } from '../../server/access/story-access';
import { StoryWall } from './story-wall';

export interface GatedStory {
  blocks: readonly BodyBlock[];
  gatedBlocks: readonly BodyBlock[];
  wall: ReactNode;
  /** Whether the reader gets the whole story (also what may follow the body, such as a glossary). */
  opens: boolean;
}

/**
 * Splits a story by this request's access decision. A reader without access gets the opening and the
 * wall: the gated blocks are never handed to rendering, so they reach neither the HTML nor the React
 * Server Components payload.
 */
export async function gatedStory(story: Story, storyUrl: string): Promise<GatedStory> {
  if (story.access === 'free') return { blocks: story.body, gatedBlocks: [], wall: null, opens: true };
  const access = await storyAccess(story);
  const blocks = story.body.slice(0, PREVIEW_BLOCKS);
  if (access.opens) return { blocks, gatedBlocks: story.body.slice(PREVIEW_BLOCKS), wall: null, opens: true };
  const wall = access.decision.kind === 'wall' ? access.decision : null;
  return {
    blocks,
    gatedBlocks: [],
    wall: <StoryWall wall={wall} articleId={story.id} storyUrl={storyUrl} signedIn={access.signedIn} />,
    opens: false,
  };
}
