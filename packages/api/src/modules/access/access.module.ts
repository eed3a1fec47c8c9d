import { parseWallExperiments } from '@bof/paywall/ab-groups';
import type { Platform } from '../../platform/platform';
import { getSessionModule } from '../session/session.module';
import { createAccessGate, type AccessGate } from './access-gate';
import { createAccessIndex, type AccessIndex } from './access-index';
import { createMeterRepo } from './meter.repo';
import { DEFAULT_STORY_GIFT_POLICY, createStoryGifts, type StoryGifts } from './story-gifts';

export {
  ACCESS_HEADER,
  decodeGateResult,
  encodeGateResult,
  opensStory,
  type GateResult,
} from './access-gate';
export { verifyPdfViewerLink } from './pdf-viewer-link';
export type { GiftRedemption, StoryGiftView } from './story-gifts';

export interface AccessModule {
  gate: AccessGate;
  index: AccessIndex;
  gifts: StoryGifts;
  /** Signs PDF viewer links (and verifies them in the PDF route). */
  signingSecret: string;
}

const KEY = Symbol.for('bof.access-modules');
type Holder = { [KEY]?: WeakMap<Platform, Promise<AccessModule>> };

/** The access gate of a platform, built once: the in-memory access index, session keys, meter policy. */
export function getAccessModule(platform: Platform): Promise<AccessModule> {
  const holder = globalThis as Holder;
  const modules = (holder[KEY] ??= new WeakMap());
  let module = modules.get(platform);
  if (!module) {
    module = createAccessModule(platform);
    modules.set(platform, module);
  }
  return module;
}

async function createAccessModule(platform: Platform): Promise<AccessModule> {
  const experiments = parseWallExperiments(platform.env.wallExperiments);
  if (typeof experiments === 'string') throw new Error(`WALL_EXPERIMENTS: ${experiments}`);
  const [sessions, index] = await Promise.all([getSessionModule(platform), createAccessIndex(platform.db)]);
  const meter = createMeterRepo(platform.db);
  const gifts = createStoryGifts({
    db: platform.db,
    secret: sessions.paywallSecret,
    siteUrl: platform.env.siteUrl,
    policy: DEFAULT_STORY_GIFT_POLICY,
  });
  const gate = createAccessGate({
    story: (slug) => index.get(slug),
    verifySession: (token, now) => sessions.verify(token, now),
    paywallSecret: sessions.paywallSecret,
    policy: platform.env.meter,
    experiments,
    secureCookies: platform.env.siteUrl.startsWith('https:'),
    paywallCookieMaxAgeSeconds: platform.env.sessionTokenTtlSeconds,
    recordServerRead: (userId, articleId, at) => meter.record(userId, articleId, at),
    redeemGift: (token, articleId, readerKey, now) => gifts.redeem(token, articleId, readerKey, now),
  });
  return { gate, index, gifts, signingSecret: sessions.paywallSecret };
}
