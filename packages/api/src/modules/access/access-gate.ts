import { randomUUID } from 'node:crypto';
import { METER_COOKIE, PAYWALL_SESSION_COOKIE, SESSION_COOKIE } from '@bof/config/constants';
import { decideAccess, type AccessDecision } from '@bof/paywall/decide-access';
import { assignGroups, type WallExperiment } from '@bof/paywall/ab-groups';
import { recordRead, type MeterPolicy } from '@bof/paywall/meter';
import { signPaywallSession, verifyPaywallSession, type PaywallSession } from '@bof/paywall/paywall-token';
import type { Reader } from '@bof/paywall/types';
import { readCookie } from '../../http/cookies';
import type { SessionClaims } from '../session/session-claims';
import type { StoryAccess } from './access-index';
import type { GiftRedemption } from './story-gifts';

/**
 * The request header that carries the gate's decision from the server entry to the page. The entry
 * removes it from every incoming request before deciding, so a client can never supply it.
 */
export const ACCESS_HEADER = 'x-bof-access';

export interface GateResult {
  story: StoryAccess;
  decision: AccessDecision;
  /** Whether the request carried a valid product session. */
  signedIn: boolean;
  /** Whether this request counted a read (a prefetch never does, and then does not open a metered story). */
  counted: boolean;
  /** Set-Cookie values for the response: the meter or paywall session with the new read. */
  setCookies: string[];
  /** What the story gift of the address did, when it carried one. */
  gift?: GiftRedemption;
}

export interface AccessGateDeps {
  story(slug: string): StoryAccess | undefined;
  verifySession(token: string | undefined, now: Date): Promise<SessionClaims | null>;
  paywallSecret: string;
  policy: MeterPolicy;
  /** Running wall experiments: every browser is placed in each, for good (sticky A/B groups). */
  experiments?: readonly WallExperiment[];
  secureCookies: boolean;
  /** The paywall session cookie lives as long as `bof_session` (ADR 3). */
  paywallCookieMaxAgeSeconds: number;
  /** Keeps a signed-in reader's read on the server too; not awaited by the decision. */
  recordServerRead?: (userId: string, articleId: string, at: Date) => Promise<void>;
  /**
   * Opens a gift link for a reader. Only requests that carry a gift token reach the database, for the
   * gift's revocation, expiry and readers.
   */
  redeemGift?: (token: string, articleId: string, readerKey: string, now: Date) => Promise<GiftRedemption>;
}

/** Whether the reader of this decision gets the whole story. */
export function opensStory(result: Pick<GateResult, 'decision' | 'counted'>): boolean {
  return result.decision.kind === 'allow' || (result.decision.kind === 'allow-and-count' && result.counted);
}

/**
 * The access decision of one story request, from cookies only: the verified `bof_session` (an expired or
 * forged one reads as anonymous), the signed meter cookie (anonymous) or paywall session (signed in), and
 * the in-memory access level of the story. No database or network call on this path.
 */
export function createAccessGate(deps: AccessGateDeps) {
  return {
    async decide(input: {
      cookieHeader: string | null | undefined;
      slug: string;
      /** False for prefetches: nothing is counted, and a read that would count is not opened. */
      count: boolean;
      /** The story gift token of the address (`?gift=`), if any. */
      gift?: string | undefined;
      now?: Date;
    }): Promise<GateResult | null> {
      const story = deps.story(input.slug);
      if (!story) return null;
      const now = input.now ?? new Date();
      const cookies = input.cookieHeader ?? null;
      const claims = await deps.verifySession(readCookie(cookies, SESSION_COOKIE), now);
      const reader: Reader | null = claims
        ? {
            userId: claims.user_id,
            membershipLevel: claims.membership_level,
            membershipType: claims.membership_type,
            isBofAdmin: claims.is_bof_admin,
          }
        : null;
      const cookieName = reader ? PAYWALL_SESSION_COOKIE : METER_COOKIE;
      const kept = await verifyPaywallSession(readCookie(cookies, cookieName), deps.paywallSecret);
      const stored: PaywallSession = kept ?? { sid: randomUUID(), reads: [], groups: [] };
      const groups = assignGroups(stored.sid, deps.experiments ?? [], stored.groups);
      const groupsChanged = groups.join('\n') !== stored.groups.join('\n');
      const session: PaywallSession = { ...stored, groups };
      const cookieFor = async (next: PaywallSession) =>
        [
          `${cookieName}=${encodeURIComponent(await signPaywallSession(next, deps.paywallSecret))}`,
          'Path=/',
          `Max-Age=${reader ? deps.paywallCookieMaxAgeSeconds : deps.policy.windowDays * 86_400}`,
          'SameSite=Lax',
          ...(deps.secureCookies ? ['Secure'] : []),
        ].join('; ');

      // A gift link counts distinct readers: a signed-in reader by account, anyone else by browser.
      const gift =
        input.gift && deps.redeemGift
          ? await deps.redeemGift(
              input.gift,
              story.id,
              reader ? `user:${reader.userId}` : `browser:${session.sid}`,
              now,
            )
          : undefined;
      const giftFields = gift ? { gift } : {};

      const decision = decideAccess({
        article: story,
        reader,
        meter: session.reads,
        gift: gift?.status === 'opened' ? { articleId: story.id } : null,
        groups: session.groups,
        policy: deps.policy,
        now,
      });
      const signedIn = reader !== null;
      if (decision.kind !== 'allow-and-count' || !input.count) {
        // New groups stick; a browser met for the first time through a gift keeps its id, so it stays
        // the same reader.
        const setCookies = groupsChanged || (gift && !kept && !reader) ? [await cookieFor(session)] : [];
        return { story, decision, signedIn, counted: false, setCookies, ...giftFields };
      }

      const reads = recordRead(session.reads, story.id, now, deps.policy);
      const setCookie = await cookieFor({ ...session, reads });
      if (reader && deps.recordServerRead) {
        deps.recordServerRead(reader.userId, story.id, now).catch((error: unknown) => {
          console.error('Keeping a metered read on the server failed', error);
        });
      }
      return { story, decision, signedIn, counted: true, setCookies: [setCookie], ...giftFields };
    },
  };
}

export type AccessGate = ReturnType<typeof createAccessGate>;

/** The decision as it travels in ACCESS_HEADER (JSON, ASCII only). */
export function encodeGateResult(result: GateResult): string {
  return encodeURIComponent(
    JSON.stringify({
      story: result.story,
      decision: result.decision,
      signedIn: result.signedIn,
      counted: result.counted,
      ...(result.gift ? { gift: result.gift } : {}),
    }),
  );
}

export function decodeGateResult(value: string | null): Omit<GateResult, 'setCookies'> | null {
  if (!value) return null;
  try {
    return JSON.parse(decodeURIComponent(value)) as Omit<GateResult, 'setCookies'>;
  } catch {
    return null;
  }
}
