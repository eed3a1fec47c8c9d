import type { ReactNode } from 'react';
import type { BodyBlock, Story } from '@bof/api/content';
import { PREVIEW_BLOCKS, storyAccess } from '../../server/access/story-access';
import { GiftOpenedNotice } from '../gifts/gift-notice';
import { StoryWall } from './story-wall';

/** Why a gift link did not open the story, in the reader's words. */
const GIFT_PROBLEMS = {
  invalid: 'This gift link is not valid for this story. Check that the whole link was copied.',
  expired: 'This gift link has expired: gift links work for 14 days.',
  revoked: 'This gift link is no longer active: the member who shared it has withdrawn it.',
  'over-cap': 'This gift link has been opened by as many readers as it allows.',
} as const;

export interface GatedStory {
  blocks: readonly BodyBlock[];
  gatedBlocks: readonly BodyBlock[];
  wall: ReactNode;
  /** What the gift link of the address did, when it carried one. */
  notice: ReactNode;
  /** Whether the reader gets the whole story (also what may follow the body, such as a glossary). */
  opens: boolean;
}

/**
 * Splits a story by this request's access decision. A reader without access gets the opening and the
 * wall: the gated blocks are never handed to rendering, so they reach neither the HTML nor the React
 * Server Components payload.
 */
export async function gatedStory(story: Story, storyUrl: string): Promise<GatedStory> {
  if (story.access === 'free')
    return { blocks: story.body, gatedBlocks: [], wall: null, notice: null, opens: true };
  const access = await storyAccess(story);
  const gift = access.gift;
  const notice =
    gift?.status === 'opened' ? (
      <GiftOpenedNotice giftId={gift.giftId} articleId={story.id} />
    ) : gift ? (
      <p role="alert" className="mb-6 rounded border border-accent px-4 py-3 text-accent">
        {GIFT_PROBLEMS[gift.status]}
      </p>
    ) : null;
  const blocks = story.body.slice(0, PREVIEW_BLOCKS);
  if (access.opens)
    return { blocks, gatedBlocks: story.body.slice(PREVIEW_BLOCKS), wall: null, notice, opens: true };
  const wall = access.decision.kind === 'wall' ? access.decision : null;
  return {
    blocks,
    gatedBlocks: [],
    notice,
    wall: <StoryWall wall={wall} articleId={story.id} storyUrl={storyUrl} signedIn={access.signedIn} />,
    opens: false,
  };
}
