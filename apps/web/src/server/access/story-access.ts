import { headers } from 'next/headers';
import { getPlatform } from '@bof/api/platform';
import {
  ACCESS_HEADER,
  decodeGateResult,
  getAccessModule,
  opensStory,
  type GateResult,
} from '@bof/api/access';

export type StoryAccessResult = Omit<GateResult, 'setCookies'> & { opens: boolean };

/**
 * This request's access decision for a story. The server entry decides before the page renders (and
 * counts the read in the meter cookie); without its header, for instance when the page is rendered some
 * other way, the decision is taken here from the cookies without counting, so a read that would count is
 * not opened: access fails closed.
 */
export async function storyAccess(story: { id: string; slug: string }): Promise<StoryAccessResult> {
  const requestHeaders = await headers();
  const carried = decodeGateResult(requestHeaders.get(ACCESS_HEADER));
  if (carried && carried.story.id === story.id) return { ...carried, opens: opensStory(carried) };
  const { gate } = await getAccessModule(await getPlatform());
  const decided = await gate.decide({
    cookieHeader: requestHeaders.get('cookie'),
    slug: story.slug,
    count: false,
  });
  if (!decided) throw new Error(`No access level is known for the story ${story.slug}`);
  return { ...decided, opens: opensStory(decided) };
}

/** Body blocks every reader sees before the gated part of a story. */
export const PREVIEW_BLOCKS = 2;
