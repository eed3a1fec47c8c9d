import { headers } from 'next/headers';
import { getServerEnv } from '@bof/config/server';
import {
  ACCESS_HEADER,
  decodeGateResult,
  opensStory,
  type GateResult,
  type StoryAccess,
} from '@bof/api/access';
import { runningServices } from '@bof/api/running-services';
import { decisionShape, shapeDigest } from './story-page-cache';
import { wallCurrency } from './wall-currency';

export type StoryAccessResult = Omit<GateResult, 'setCookies'> & {
  opens: boolean;
  /** The digest of the decision the page is rendered for (the story page cache checks it). */
  shapeDigest: string;
};

/**
 * This request's access decision for a story, as the page reads it. The server entry decides before the
 * page renders (and counts the read in the meter cookie) from the access index. The page trusts that
 * decision only when it was taken for this very story at the access level the page itself just read;
 * otherwise (no decision: the index did not know the story yet; or the index knew an older access level)
 * the page decides here from the story it read, without counting, so a read that would count is not
 * opened: access fails closed, and the index is told to catch up.
 */
export async function storyAccess(story: StoryAccess & { slug: string }): Promise<StoryAccessResult> {
  const requestHeaders = await headers();
  const carried = decodeGateResult(requestHeaders.get(ACCESS_HEADER));
  const result =
    carried && carried.story.id === story.id && carried.story.access === story.access
      ? carried
      : await decideHere(story, requestHeaders.get('cookie'));
  const shape = decisionShape(result, {
    detailed: getServerEnv().debugMode,
    currency:
      result.decision.kind === 'wall' ? wallCurrency(requestHeaders.get('accept-language')) : undefined,
  });
  return { ...result, opens: opensStory(result), shapeDigest: shapeDigest(shape) };
}

async function decideHere(story: StoryAccess, cookieHeader: string | null) {
  const { gate, index } = (await runningServices()).access;
  index.stale();
  const { setCookies: _notSent, ...decided } = await gate.decideStory(
    { id: story.id, access: story.access },
    { cookieHeader, count: false },
  );
  return decided;
}

/** Body blocks every reader sees before the gated part of a story. */
export const PREVIEW_BLOCKS = 2;
