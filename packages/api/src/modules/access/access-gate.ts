import { randomUUID } from 'node:crypto';
import { METER_COOKIE, PAYWALL_SESSION_COOKIE } from '@bof/config/constants';
import { readCookie, setCookieHeader } from '@bof/http/cookies';
import { decideAccess, type AccessDecision } from '@bof/paywall/decide-access';
import { assignGroups, type WallExperiment } from '@bof/paywall/ab-groups';
import { isPreviewAgent } from '@bof/paywall/gifts';
import { mergeReads, recordRead, type MeterPolicy, type MeteredRead } from '@bof/paywall/meter';
import { isFreshMeterCheck, signMeterCheck } from '@bof/paywall/meter-check';
import { signPaywallSession, verifyPaywallSession, type PaywallSession } from '@bof/paywall/paywall-token';
import type { Reader } from '@bof/paywall/types';
import type { SessionClaims } from '../session/session-claims';
import type { StoryAccess } from './access-index';
import type { GiftRedemption } from './access.service';

/**
 * The request header that carries the gate's decision from the server entry to the page. The entry
 * removes it from every incoming request before deciding, so a client can never supply it.
 */
export const ACCESS_HEADER = 'x-bof-access';

/** Where the decision's meter came from. */
export type MeterSource =
  /** The signed cookie: `bof_meter` (anonymous) or the reader's own paywall session. */
  | 'cookie'
  /** The server's record of a signed-in reader whose paywall session cookie was missing, invalid or not theirs. */
  | 'server'
  /** A browser met for the first time (anonymous, no `bof_meter`). */
  | 'new'
  /** An anonymous browser whose `bof_meter` failed verification: its allowance counts as spent. */
  | 'tampered';

export interface GateResult {
  story: StoryAccess;
  decision: AccessDecision;
  /** Whether the request carried a valid product session. */
  signedIn: boolean;
  /** Whether this request counted a read (a prefetch never does, and then does not open a metered story). */
  counted: boolean;
  meterSource: MeterSource;
  /** The reader's sticky A/B groups, GROUP_ID#GROUP_NAME. */
  groups: string[];
  /** Set-Cookie values for the response: the meter or paywall session with the new read. */
  setCookies: string[];
  /** What the story gift of the address did, when it carried one. */
  gift?: GiftRedemption;
  /**
   * A live gift link opened by a browser that carries none of our cookies: the answer is a redirect to
   * the same address, setting the browser's meter id, so that it takes one reader place and keeps it.
   */
  giftCookieCheck?: boolean;
  /**
   * The meter cookie check (anonymous readers): `check`, an anonymous request without `bof_meter` for a
   * story that would count, is answered with the cookie and a redirect to the same address with
   * `meter_check=<token>`; `clean`, the check came back with a meter cookie, is sent on to the address
   * without it, where the read is decided and counted.
   */
  meterCookieCheck?: { redirect: 'check'; token: string } | { redirect: 'clean' };
}

/** A signed-in reader's meter as the server keeps it (`meter_reads`). */
export interface ServerMeter {
  /** Their reads in the window ending at `now` (the rare path: no usable paywall session cookie). */
  reads(userId: string, now: Date): Promise<MeteredRead[]>;
  /**
   * Under the reader's lock: `decide` takes the decision from the server's reads in the window, and the
   * read is recorded when that decision counts it. Returns the decision and the server's reads.
   */
  count(
    userId: string,
    articleId: string,
    now: Date,
    decide: (serverReads: readonly MeteredRead[]) => AccessDecision,
  ): Promise<{ decision: AccessDecision; reads: MeteredRead[] }>;
}

/** An anonymous browser's meter as the server keeps it (`anonymous_meter_reads`), by its browser id. */
export interface AnonymousServerMeter {
  /** As ServerMeter.count, for the browser id of a verified `bof_meter`. */
  count: ServerMeter['count'];
}

export interface AccessGateDeps {
  story(slug: string): StoryAccess | undefined;
  /**
   * The claims of the request's `bof_session` while its identity session lives; null is an anonymous
   * reader (no token, a bad one, or one whose identity session ended: logout, a blocked or deleted identity).
   */
  sessionOf(cookieHeader: string | null, now: Date): Promise<SessionClaims | null>;
  paywallSecret: string;
  policy: MeterPolicy;
  /** Running wall experiments: every browser is placed in each, for good (sticky A/B groups). */
  experiments?: readonly WallExperiment[];
  secureCookies: boolean;
  /** The server's record of signed-in readers' meters; without it the cookie is all there is. */
  serverMeter?: ServerMeter;
  /**
   * The server's record of anonymous browsers' meters. With it, a request without a meter cookie for a
   * story that would count gets the meter cookie check, and a counted read is checked against and recorded
   * in the browser id's record, so a replayed cookie counts against the same id.
   */
  anonymousMeter?: AnonymousServerMeter;
  /**
   * Whether a request comes from a search crawler verified by configuration (`METER_CRAWLER_IP_RANGES`:
   * its client address in a listed range); never decided by the user agent.
   */
  isVerifiedCrawler?: (request: { socketAddress?: string | null; forwardedFor?: string | null }) => boolean;
  /**
   * Opens a gift link for a request. Only requests that carry a gift token reach the database, for the
   * gift's revocation, expiry and readers.
   */
  redeemGift?: (input: {
    token: string;
    articleId: string;
    readerKey: string | null;
    claim: boolean;
    now: Date;
  }) => Promise<GiftRedemption>;
}

/** One story request, as the server entry reads it. */
export interface StoryRequestFacts {
  cookieHeader: string | null | undefined;
  /** False for prefetches, HEAD and the PDF: nothing is counted, and a read that would count is not opened. */
  count: boolean;
  /**
   * Whether this is a full page view (a GET of the HTML; not a React Server Components request, prefetch or
   * HEAD): only a page view may take one of a gift's reader places. Defaults to `count`.
   */
  pageView?: boolean;
  /** The story gift token of the address (`?gift=`), if any. */
  gift?: string | undefined;
  /** Whether the address is the gift's cookie check (`gift_check=1`: we have already set a cookie once). */
  giftCookieChecked?: boolean;
  /** The address's `meter_check` value, when it is the meter cookie check's second request. */
  meterCheck?: string | undefined;
  userAgent?: string | undefined;
  /** The TCP peer's address and the X-Forwarded-For header (read only to verify a crawler). */
  socketAddress?: string | null | undefined;
  forwardedFor?: string | null | undefined;
  now?: Date;
}

/** Whether the reader of this decision gets the whole story. */
export function opensStory(result: Pick<GateResult, 'decision' | 'counted'>): boolean {
  return result.decision.kind === 'allow' || (result.decision.kind === 'allow-and-count' && result.counted);
}

const readerOf = (claims: SessionClaims): Reader => ({
  userId: claims.user_id,
  membershipLevel: claims.membership_level,
  membershipType: claims.membership_type,
  isBofAdmin: claims.is_bof_admin,
});

/**
 * The access decision of one story request. On the hot path it reads cookies only: the verified
 * `bof_session` whose identity session lives (an expired or forged one, or one whose identity session
 * ended, reads as anonymous; the identity provider's whoami answers from its cache), the signed meter cookie (`bof_meter`,
 * anonymous) or the reader's own paywall session (`bof_paywall_session`, signed in), and the in-memory
 * access level of the story. A signed-in reader reaches the server's record of their meter in two rare
 * cases: their paywall session cookie is missing, invalid or another reader's (the decision is taken from
 * the server's record and the cookie issued again from it), and a read that counts (it is checked against,
 * and recorded in, the server's record under the reader's lock, so neither an older copy of the cookie nor
 * another device can read past the allowance). An anonymous browser's read that counts is checked against,
 * and recorded in, the server's record of its browser id the same way, so a replayed `bof_meter` counts
 * against the same id; an anonymous request without `bof_meter` for a story that would count is first sent
 * round once with the cookie (the meter cookie check), and meets the registration wall when it comes back
 * without it. Requests with a gift link reach the database for the gift.
 */
export function createAccessGate(deps: AccessGateDeps) {
  async function decideStory(story: StoryAccess, input: StoryRequestFacts): Promise<GateResult> {
    const now = input.now ?? new Date();
    const cookies = input.cookieHeader ?? null;
    // Every cookie read here is a signed token: one that is not valid percent-encoding could never verify,
    // and reads as no cookie (a new meter, not a tampered one).
    const tokenOf = (name: string) => readCookie(cookies, name, { malformed: 'absent' });
    const claims = await deps.sessionOf(cookies, now);
    const reader = claims ? readerOf(claims) : null;

    let stored: PaywallSession | null;
    let meterSource: MeterSource;
    if (reader) {
      stored = verifyPaywallSession(tokenOf(PAYWALL_SESSION_COOKIE), deps.paywallSecret, {
        purpose: 'paywall-session',
        userId: reader.userId,
      });
      meterSource = 'cookie';
      if (!stored) {
        // Fail closed to the server's record: the cookie was deleted, edited, swapped or another reader's.
        const reads = deps.serverMeter ? await deps.serverMeter.reads(reader.userId, now) : [];
        stored = { sid: randomUUID(), uid: reader.userId, reads, groups: [] };
        meterSource = 'server';
      }
    } else {
      const meterCookie = tokenOf(METER_COOKIE);
      stored = verifyPaywallSession(meterCookie, deps.paywallSecret, { purpose: 'meter' });
      // A meter that fails verification is spent, and is never replaced by a fresh one from here.
      meterSource = stored ? 'cookie' : meterCookie ? 'tampered' : 'new';
      stored ??= { sid: randomUUID(), uid: null, reads: [], groups: [] };
    }
    const groups = assignGroups(stored.sid, deps.experiments ?? [], stored.groups);
    let session: PaywallSession = { ...stored, groups };
    // New groups stick, and a paywall session taken from the server's record is issued again.
    let changed =
      meterSource === 'server' ||
      (meterSource !== 'tampered' && groups.join('\n') !== stored.groups.join('\n'));

    const cookieName = reader ? PAYWALL_SESSION_COOKIE : METER_COOKIE;
    // The paywall session ends with `bof_session` (ADR 3); the anonymous meter lasts its window.
    const maxAge = claims
      ? Math.max(1, claims.exp - Math.floor(now.getTime() / 1000))
      : deps.policy.windowDays * 86_400;
    const cookieFor = (next: PaywallSession) =>
      setCookieHeader(
        cookieName,
        signPaywallSession(next, deps.paywallSecret, reader ? 'paywall-session' : 'meter'),
        { secure: deps.secureCookies, httpOnly: false, maxAgeSeconds: maxAge },
      );

    // A gift link counts distinct readers: a signed-in reader by account, an anonymous browser by the id in
    // its meter cookie. Only a page view by a browser we can recognise again takes a place; link previews
    // never do, and a browser without our cookie is first sent round once to get it.
    let gift: GiftRedemption | undefined;
    let giftCookieCheck = false;
    if (input.gift && deps.redeemGift) {
      const readerKey = reader
        ? `user:${reader.userId}`
        : meterSource === 'cookie'
          ? `browser:${session.sid}`
          : null;
      const pageView = (input.pageView ?? input.count) && !isPreviewAgent(input.userAgent);
      gift = await deps.redeemGift({
        token: input.gift,
        articleId: story.id,
        readerKey,
        claim: pageView && readerKey !== null,
        now,
      });
      if (gift.status === 'unclaimed' && pageView && meterSource === 'new' && !input.giftCookieChecked) {
        giftCookieCheck = true;
        changed = true;
      }
    }

    // Anonymous readers without a meter cookie: a verified crawler reads metered stories uncounted; a
    // browser that was given the cookie a moment ago (the meter check, or a gift's cookie check) and did
    // not send it back, or a link-preview agent or crawler by its user agent, meets the registration wall.
    const verifiedCrawler = !reader && (deps.isVerifiedCrawler?.(input) ?? false);
    const checking = !reader && deps.anonymousMeter !== undefined && !verifiedCrawler;
    const meterCookieRefused =
      checking &&
      meterSource === 'new' &&
      input.count &&
      ((input.gift !== undefined && input.giftCookieChecked === true) ||
        isPreviewAgent(input.userAgent) ||
        isFreshMeterCheck(input.meterCheck, now, deps.paywallSecret));
    const decide = (meter: readonly MeteredRead[]) =>
      decideAccess({
        article: story,
        reader,
        meter,
        meterTampered: meterSource === 'tampered',
        meterCookieRefused,
        verifiedCrawler,
        gift: gift?.status === 'opened' ? { articleId: story.id } : null,
        groups: session.groups,
        policy: deps.policy,
        now,
      });
    let decision = decide(session.reads);
    const signedIn = reader !== null;
    const base = {
      story,
      signedIn,
      meterSource,
      groups: session.groups,
      ...(gift ? { gift } : {}),
    };
    // The check came back with a meter cookie (valid or not): on to the clean address, which decides.
    if (checking && input.count && input.meterCheck !== undefined && meterSource !== 'new')
      return { ...base, decision, counted: false, setCookies: [], meterCookieCheck: { redirect: 'clean' } };
    // The registration wall of a browser that refused the cookie offers it once more.
    if (decision.kind === 'wall' && decision.reason === 'meter-cookie-refused') changed = true;
    if (decision.kind === 'allow-and-count' && input.count && !giftCookieCheck) {
      if (checking && meterSource === 'new')
        return {
          ...base,
          decision,
          counted: false,
          setCookies: [cookieFor(session)],
          meterCookieCheck: { redirect: 'check', token: signMeterCheck(now, deps.paywallSecret) },
        };
      const server = reader ? deps.serverMeter : checking ? deps.anonymousMeter : undefined;
      if (server) {
        const counted = await server.count(
          reader ? reader.userId : session.sid,
          story.id,
          now,
          (serverReads) => decide(mergeReads(session.reads, serverReads)),
        );
        decision = counted.decision;
        session = { ...session, reads: mergeReads(session.reads, counted.reads) };
        changed = true;
      }
      if (decision.kind === 'allow-and-count') {
        session = { ...session, reads: recordRead(session.reads, story.id, now, deps.policy) };
        return {
          story,
          decision,
          signedIn,
          counted: true,
          meterSource,
          groups: session.groups,
          setCookies: [cookieFor(session)],
          ...(gift ? { gift } : {}),
        };
      }
    }
    return {
      story,
      decision,
      signedIn,
      counted: false,
      meterSource,
      groups: session.groups,
      setCookies: changed ? [cookieFor(session)] : [],
      ...(gift ? { gift } : {}),
      ...(giftCookieCheck ? { giftCookieCheck } : {}),
    };
  }

  return {
    /** The decision for a story known to the access index, by slug; null for a slug it does not know. */
    async decide(input: StoryRequestFacts & { slug: string }): Promise<GateResult | null> {
      const story = deps.story(input.slug);
      return story ? decideStory(story, input) : null;
    },
    /** The decision for a story whose access level the caller read itself (the page, from the database). */
    decideStory,
  };
}

export type AccessGate = ReturnType<typeof createAccessGate>;

/** The decision as it travels in ACCESS_HEADER (JSON, ASCII only). */
export function encodeGateResult(result: GateResult): string {
  const { setCookies: _cookies, ...carried } = result;
  return encodeURIComponent(JSON.stringify(carried));
}

export function decodeGateResult(value: string | null): Omit<GateResult, 'setCookies'> | null {
  if (!value) return null;
  try {
    return JSON.parse(decodeURIComponent(value)) as Omit<GateResult, 'setCookies'>;
  } catch {
    return null;
  }
}
