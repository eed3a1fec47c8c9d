import type { ReactNode } from 'react';
import { headers } from 'next/headers';
import { getServerEnv } from '@bof/config/server';
import type { BodyBlock, Story } from '@bof/api/content';
import { opensReport } from '@bof/paywall/decide-access';
import type { AccessLevel } from '@bof/paywall/types';
import { PREVIEW_BLOCKS, storyAccess } from '../../server/access/story-access';
import { DECISION_ATTRIBUTE } from '../../server/access/story-page-cache';
import { wallCurrency } from '../../server/access/wall-currency';
import { wallPlans } from '../../server/access/wall-plans';
import { ENTITLED_ATTRIBUTE } from '../../client/app/saved-stories';
import { SaveForOffline } from '../app/save-for-offline';
import { PaywallDebug } from '../debug/paywall-debug';
import { GiftOpenedNotice } from '../gifts/gift-notice';
import { StoryWall } from './story-wall';

/** Why a gift link did not open the story, in the reader's words. */
export const GIFT_PROBLEMS = {
  invalid: 'This gift link is not valid for this story. Check that the whole link was copied.',
  expired: 'This gift link has expired: gift links work for 14 days.',
  revoked: 'This gift link is no longer active: the member who shared it has withdrawn it.',
  'over-cap': 'This gift link has been opened by as many readers as it allows.',
  unclaimed:
    'A member has gifted you this story. To read all of it, open the link in a browser that accepts cookies from this site.',
} as const;

export interface GatedStory {
  blocks: readonly BodyBlock[];
  gatedBlocks: readonly BodyBlock[];
  wall: ReactNode;
  /** Above the body: what the gift link of the address did, and the decision the page was rendered for. */
  notice: ReactNode;
  /** Whether the reader gets the whole story (also what may follow the body, such as a glossary). */
  opens: boolean;
  /** Whether the reader gets a case study's PDF report: by membership (or as an admin), not by gift or meter. */
  report: boolean;
}

const titleCase = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Splits a story by this request's access decision. A reader without access gets the opening and the
 * wall: the gated blocks are never handed to rendering, so they reach neither the HTML nor the React
 * Server Components payload. The page names its decision (a hidden DECISION_ATTRIBUTE element), which
 * the story page cache checks before it shares the page.
 */
export async function gatedStory(story: Story, storyUrl: string): Promise<GatedStory> {
  const access = await storyAccess({ id: story.id, slug: story.slug, access: story.access as AccessLevel });
  const gift = access.gift;
  const marker = <span hidden {...{ [DECISION_ATTRIBUTE]: access.shapeDigest }} />;
  const debug = getServerEnv().debugMode ? (
    <PaywallDebug
      data={{
        story: access.story,
        decision: access.decision,
        opens: access.opens,
        counted: access.counted,
        signedIn: access.signedIn,
        meterSource: access.meterSource,
        gift: gift?.status ?? null,
        groups: access.groups,
      }}
    />
  ) : null;
  // Offline reading (issue 27): only a reader the server sends the whole story may save it; the saving
  // page fetches the story again and stores it only when this marker is in the answer.
  const offline = access.opens ? (
    <>
      <span hidden {...{ [ENTITLED_ATTRIBUTE]: story.slug }} />
      <SaveForOffline path={new URL(storyUrl).pathname} />
    </>
  ) : null;
  const notice = (
    <>
      {marker}
      {offline}
      {debug}
      {gift?.status === 'opened' ? (
        <GiftOpenedNotice giftId={gift.giftId} articleId={story.id} />
      ) : gift && !(gift.status === 'unclaimed' && access.opens) ? (
        <p role="alert" className="mb-6 rounded border border-accent px-4 py-3 text-accent">
          {GIFT_PROBLEMS[gift.status]}
        </p>
      ) : null}
    </>
  );
  const report = opensReport(access.decision);
  if (story.access === 'free' && access.opens)
    return { blocks: story.body, gatedBlocks: [], wall: null, notice, opens: true, report };
  const blocks = story.body.slice(0, PREVIEW_BLOCKS);
  if (access.opens)
    return { blocks, gatedBlocks: story.body.slice(PREVIEW_BLOCKS), wall: null, notice, opens: true, report };

  const decision = access.decision.kind === 'wall' ? access.decision : null;
  const topicSlug = decision?.topic ?? story.topics[0]?.slug ?? null;
  const topic = topicSlug
    ? { id: topicSlug, label: story.topics.find((t) => t.slug === topicSlug)?.name ?? titleCase(topicSlug) }
    : null;
  const plans = decision
    ? wallPlans(story.access as AccessLevel, wallCurrency((await headers()).get('accept-language')))
    : [];
  return {
    blocks,
    gatedBlocks: [],
    notice,
    wall: <StoryWall wall={decision} articleId={story.id} storyUrl={storyUrl} topic={topic} plans={plans} />,
    opens: false,
    report: false,
  };
}
