import { parseWallExperiments } from '@bof/paywall/ab-groups';
import { DEFAULT_STORY_GIFT_POLICY } from '@bof/paywall/gifts';
import { windowStart } from '@bof/paywall/meter';
import type { Platform } from '../../platform/platform';
import { readContentVersion } from '../content/content-version';
import type { SessionModule } from '../session/session.module';
import { createAccessGate, type AccessGate } from './access-gate';
import { createAccessIndex, type AccessIndex } from './access-index';
import { createAccessRepo } from './access.repo';
import { createAccessService, type AccessService } from './access.service';

export {
  ACCESS_HEADER,
  decodeGateResult,
  encodeGateResult,
  opensStory,
  type GateResult,
  type MeterSource,
} from './access-gate';
export type { StoryAccess } from './access-index';
export { verifyPdfViewerLink } from './pdf-viewer-link';
export type { GiftRedemption, StoryGiftView } from './access.service';

export interface AccessModule {
  gate: AccessGate;
  /** Story access levels in memory; its `onChange` is the signal that the content changed. */
  index: AccessIndex;
  service: AccessService;
  /** Signs PDF viewer links (and verifies them in the PDF route). */
  signingSecret: string;
}

/**
 * The access module: the access index, the gate, gifts and PDF links. Built once, by the composition
 * root (services.ts), over the session module's token checks and cookie secret.
 */
export async function createAccessModule(
  platform: Platform,
  deps: { sessions: Pick<SessionModule, 'signedIn' | 'paywallSecret'> },
  options: { indexPollMs?: number } = {},
): Promise<AccessModule> {
  const experiments = parseWallExperiments(platform.env.wallExperiments);
  if (typeof experiments === 'string') throw new Error(`WALL_EXPERIMENTS: ${experiments}`);
  const repo = createAccessRepo(platform.db);
  const policy = platform.env.meter;
  const { sessions } = deps;
  const index = await createAccessIndex(
    { contentVersion: () => readContentVersion(platform.db), stories: () => repo.stories.all() },
    { pollMs: options.indexPollMs },
  );
  const service = createAccessService({
    repo,
    secret: sessions.paywallSecret,
    siteUrl: platform.env.siteUrl,
    policy: DEFAULT_STORY_GIFT_POLICY,
  });
  const gate = createAccessGate({
    story: (slug) => index.get(slug),
    // Story access trusts a verified token while the identity provider cannot be asked: an outage must
    // not wall members, and the token lives minutes. Personal data and changes refuse it instead.
    sessionOf: (cookieHeader, now) => sessions.signedIn(cookieHeader, now, 'trust-token'),
    paywallSecret: sessions.paywallSecret,
    policy,
    experiments,
    secureCookies: platform.env.siteUrl.startsWith('https:'),
    serverMeter: {
      reads: (userId, now) => repo.meter.readsSince(userId, windowStart(now, policy)),
      async count(userId, articleId, now, decide) {
        const { value, reads } = await repo.meter.underLock(
          userId,
          windowStart(now, policy),
          (serverReads) => {
            const decision = decide(serverReads);
            return {
              value: decision,
              record: decision.kind === 'allow-and-count' ? { articleId, at: now } : null,
            };
          },
        );
        return { decision: value, reads };
      },
    },
    redeemGift: (input) => service.redeemGift(input),
  });
  return { gate, index, service, signingSecret: sessions.paywallSecret };
}
