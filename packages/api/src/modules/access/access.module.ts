import { clientIp } from '@bof/http/client-ip';
import { ipRangeMatcher } from '@bof/http/ip-ranges';
import { parseWallExperiments } from '@bof/paywall/ab-groups';
import { DEFAULT_STORY_GIFT_POLICY } from '@bof/paywall/gifts';
import { windowStart } from '@bof/paywall/meter';
import { runExclusively } from '../../platform/exclusive-job';
import type { Platform } from '../../platform/platform';
import { readContentVersion } from '../content/content-version';
import type { SessionModule } from '../session/session.module';
import { createAccessGate, type AccessGate, type AccessGateDeps } from './access-gate';
import { createAccessIndex, type AccessIndex } from './access-index';
import { createAccessRepo } from './access.repo';
import { createAccessService, type AccessService } from './access.service';
import { groupedUnderLock } from './meter-groups';
import { serverMeterCount } from './server-meter';

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
  /** Deletes anonymous browsers' reads older than the meter window (also every hour on its own). */
  pruneAnonymousMeter(now?: Date): Promise<number>;
  /** Stops the module's timers (the access index's polling, the pruning). */
  stop(): void;
}

const HOUR = 3_600_000;
/**
 * Pruning keeps reads an hour past the window. A process decides a read its meter record is known to hold
 * from memory (server-meter.ts), by its own clock: with this margin, a process whose clock is up to an
 * hour behind the pruning one's never reopens from memory a read the record no longer holds.
 */
export const PRUNE_MARGIN_MS = HOUR;

/**
 * The access module: the access index, the gate, gifts and PDF links. Built once, by the composition
 * root (services.ts), over the session module's token checks and cookie secret.
 */
export async function createAccessModule(
  platform: Platform,
  deps: { sessions: Pick<SessionModule, 'signedIn' | 'paywallSecret'> },
  options: { indexPollMs?: number; pruneEveryMs?: number } = {},
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
      count: serverMeterCount(policy, groupedUnderLock(repo.meter.together, repo.meter.underLock)),
    },
    anonymousMeter: {
      count: serverMeterCount(
        policy,
        groupedUnderLock(repo.anonymousMeter.together, repo.anonymousMeter.underLock),
      ),
    },
    isVerifiedCrawler: crawlerCheck(platform),
    redeemGift: (input) => service.redeemGift(input),
  });
  // Anonymous browser ids are unbounded: their reads are kept for the meter window only (and the margin
  // below). Every process has the timer; one at a time prunes (the others skip while it holds the job's
  // lock).
  const pruneAnonymousMeter = async (now = new Date()) => {
    const run = await runExclusively(platform.db, 'access.prune-anonymous-meter', (tx) =>
      createAccessRepo(tx).anonymousMeter.prune(
        windowStart(new Date(now.getTime() - PRUNE_MARGIN_MS), policy),
      ),
    );
    return run.ran ? run.value : 0;
  };
  const pruning = setInterval(() => {
    pruneAnonymousMeter().catch((error: unknown) =>
      console.error('Pruning the anonymous meter failed', error),
    );
  }, options.pruneEveryMs ?? HOUR);
  pruning.unref();
  return {
    gate,
    index,
    service,
    signingSecret: sessions.paywallSecret,
    pruneAnonymousMeter,
    stop() {
      index.stop();
      clearInterval(pruning);
    },
  };
}

/**
 * Whether a request comes from a verified search crawler: its client address (read as the identity
 * server reads it, IDENTITY_TRUSTED_PROXIES) in METER_CRAWLER_IP_RANGES. Undefined when none are set.
 */
function crawlerCheck(platform: Platform): AccessGateDeps['isVerifiedCrawler'] {
  const ranges = platform.env.meterCrawlerIpRanges;
  if (ranges.length === 0) return undefined;
  const inRange = ipRangeMatcher(ranges);
  const trustedProxies = platform.env.identity.trustedProxies;
  return (request) =>
    inRange(
      clientIp({
        socketAddress: request.socketAddress,
        forwardedFor: request.forwardedFor,
        trustedProxies,
      }),
    );
}
