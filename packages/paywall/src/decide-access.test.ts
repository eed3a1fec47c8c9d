import { describe, expect, it } from 'vitest';
import { decideAccess, opensReport, type AccessDecision, type AccessInput } from './decide-access';
import { ENTITLEMENTS } from './entitlements';
import { DEFAULT_METER_POLICY, recordRead, type MeteredRead } from './meter';
import { MEMBERSHIP_LEVELS, type AccessLevel, type MembershipLevel, type Reader } from './types';

const now = new Date('2026-11-22T12:00:00Z');
const t = (daysAgo: number) => Math.floor(now.getTime() / 1000) - daysAgo * 86_400;
const reads = (n: number, daysAgo = 1): MeteredRead[] =>
  Array.from({ length: n }, (_, i) => ({ articleId: `other-${i}`, at: t(daysAgo) + i }));
const reader = (membershipLevel: MembershipLevel, extra: Partial<Reader> = {}): Reader => ({
  userId: 'u1',
  membershipLevel,
  membershipType: membershipLevel === 'None' ? 'None' : 'Individual',
  isBofAdmin: false,
  ...extra,
});
const decide = (
  access: AccessLevel,
  who: Reader | null,
  meter: MeteredRead[] = [],
  more: Partial<AccessInput> = {},
) =>
  decideAccess({
    article: { id: 'a1', access },
    reader: who,
    meter,
    gift: null,
    groups: [],
    policy: DEFAULT_METER_POLICY,
    now,
    ...more,
  });

/** `allow:<reason>`, `count` (allow and count) or `<wall>:<reason>`. */
const summary = (d: AccessDecision) =>
  d.kind === 'allow' ? `allow:${d.reason}` : d.kind === 'allow-and-count' ? 'count' : `${d.wall}:${d.reason}`;

const ACCESS_LEVELS: AccessLevel[] = ['free', 'registered', 'members', 'premium', 'topic:beauty'];

/**
 * The meter states of the table: none yet; part-used (one read); this very story already counted (with
 * the rest spent); spent (five reads: all an anonymous or registered reader has); spent but every read
 * older than the 30-day window; and a cookie that failed verification.
 */
const METER_STATES = [
  'fresh',
  'part-used',
  'already-counted',
  'spent',
  'expired-window',
  'tampered',
] as const;
type MeterState = (typeof METER_STATES)[number];
const meterFor = (state: MeterState): Partial<AccessInput> & { meter: MeteredRead[] } => {
  switch (state) {
    case 'fresh':
      return { meter: [] };
    case 'part-used':
      return { meter: reads(1) };
    case 'already-counted':
      return { meter: [...reads(4), { articleId: 'a1', at: t(3) }] };
    case 'spent':
      return { meter: reads(5) };
    case 'expired-window':
      return { meter: reads(5, 31) };
    case 'tampered':
      return { meter: [], meterTampered: true };
  }
};

// Rows: one outcome per meter state, in METER_STATES' order.
type Row = readonly [string, string, string, string, string, string];
const all = (outcome: string): Row => [outcome, outcome, outcome, outcome, outcome, outcome];
const metered = (spentWall: string): Row => [
  'count',
  'count',
  'allow:already-counted',
  spentWall,
  'count',
  spentWall,
];
const OPEN = all('allow:entitled');
const FREE = all('allow:free');
const PREMIUM_WALL = all('paywall:not-entitled');
const BEAUTY_WALL = all('topic-upsell:topic-package');

const TABLE: Record<'anonymous' | MembershipLevel, Record<AccessLevel, Row>> = {
  anonymous: {
    free: FREE,
    registered: metered('registration:anonymous-meter-exhausted'),
    members: metered('registration:anonymous-meter-exhausted'),
    premium: PREMIUM_WALL,
    'topic:beauty': BEAUTY_WALL,
  },
  None: {
    free: FREE,
    registered: OPEN,
    members: metered('paywall:registered-meter-exhausted'),
    premium: PREMIUM_WALL,
    'topic:beauty': BEAUTY_WALL,
  },
  Restricted: {
    free: FREE,
    registered: OPEN,
    members: all('paywall:restricted-membership'),
    premium: PREMIUM_WALL,
    'topic:beauty': BEAUTY_WALL,
  },
  TopicBeauty: {
    free: FREE,
    registered: OPEN,
    members: metered('paywall:registered-meter-exhausted'),
    premium: PREMIUM_WALL,
    'topic:beauty': OPEN,
  },
  NewsAndAnalysis: {
    free: FREE,
    registered: OPEN,
    members: OPEN,
    premium: PREMIUM_WALL,
    'topic:beauty': BEAUTY_WALL,
  },
  Standard: {
    free: FREE,
    registered: OPEN,
    members: OPEN,
    premium: PREMIUM_WALL,
    'topic:beauty': BEAUTY_WALL,
  },
  LearningAndDevelopment: {
    free: FREE,
    registered: OPEN,
    members: OPEN,
    premium: OPEN,
    'topic:beauty': BEAUTY_WALL,
  },
  Premium: { free: FREE, registered: OPEN, members: OPEN, premium: OPEN, 'topic:beauty': OPEN },
  AllAccess: { free: FREE, registered: OPEN, members: OPEN, premium: OPEN, 'topic:beauty': OPEN },
};

describe('entitlement table (docs/access.md)', () => {
  it('covers every membership level of the spec', () => {
    expect(Object.keys(ENTITLEMENTS).sort()).toEqual([...MEMBERSHIP_LEVELS].sort());
    expect(Object.keys(TABLE).sort()).toEqual(['anonymous', ...MEMBERSHIP_LEVELS].sort());
  });

  for (const who of ['anonymous', ...MEMBERSHIP_LEVELS] as const) {
    for (const access of ACCESS_LEVELS) {
      it.each(METER_STATES.map((state, i) => [state, TABLE[who][access]![i]!] as const))(
        `${who} × ${access} × %s meter: %s`,
        (state, outcome) => {
          const { meter, ...more } = meterFor(state);
          expect(summary(decide(access, who === 'anonymous' ? null : reader(who), meter, more))).toBe(
            outcome,
          );
        },
      );
    }
  }

  it('names who meets a wall: anonymous, registered without a membership, or a member', () => {
    const audience = (d: AccessDecision) => (d.kind === 'wall' ? d.audience : null);
    expect(audience(decide('premium', null))).toBe('anonymous');
    expect(audience(decide('premium', reader('None')))).toBe('registered');
    expect(audience(decide('premium', reader('Standard')))).toBe('member');
    expect(audience(decide('members', reader('Restricted')))).toBe('member');
    expect(audience(decide('members', reader('TopicBeauty'), reads(5)))).toBe('member');
  });
});

describe('the meter', () => {
  it('gives anonymous readers 2 and registered non-members 3 more', () => {
    let meter: MeteredRead[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < 7; i++) {
      const d = decideAccess({
        article: { id: `g${i}`, access: 'members' },
        reader: i < 3 ? null : reader('None'),
        meter,
        gift: null,
        groups: [],
        policy: DEFAULT_METER_POLICY,
        now,
      });
      outcomes.push(summary(d));
      if (d.kind === 'allow-and-count') meter = recordRead(meter, `g${i}`, now, DEFAULT_METER_POLICY);
    }
    expect(outcomes).toEqual([
      'count',
      'count',
      'registration:anonymous-meter-exhausted',
      'count',
      'count',
      'count',
      'paywall:registered-meter-exhausted',
    ]);
  });

  it('forgets reads at the edge of the window, keeps those just inside', () => {
    expect(summary(decide('members', null, reads(2, 30)))).toBe('count');
    expect(summary(decide('members', null, [{ articleId: 'x', at: t(30) + 1 }, ...reads(1, 29)]))).toBe(
      'registration:anonymous-meter-exhausted',
    );
  });

  it('reports what is left after this read', () => {
    expect(decide('members', reader('None'), reads(1))).toEqual({
      kind: 'allow-and-count',
      reason: 'meter',
      remainingAfter: 3,
    });
  });

  it('honours a configured policy', () => {
    const policy = { anonymousReads: 0, registeredExtraReads: 1, windowDays: 7 };
    expect(summary(decide('members', null, [], { policy }))).toBe('registration:anonymous-meter-exhausted');
    expect(summary(decide('members', reader('None'), [], { policy }))).toBe('count');
    expect(summary(decide('members', reader('None'), reads(1, 8), { policy }))).toBe('count');
  });
});

describe('browsers that keep no meter cookie, and verified crawlers', () => {
  it('walls an anonymous browser that refused the meter cookie on a story that would count', () => {
    for (const access of ['registered', 'members'] as const)
      expect(summary(decide(access, null, [], { meterCookieRefused: true }))).toBe(
        'registration:meter-cookie-refused',
      );
    // Only the meter's stories: free ones open, hard walls stay what they are, readers with a session are
    // not anonymous browsers.
    expect(summary(decide('free', null, [], { meterCookieRefused: true }))).toBe('allow:free');
    expect(summary(decide('premium', null, [], { meterCookieRefused: true }))).toBe('paywall:not-entitled');
    expect(summary(decide('members', reader('None'), [], { meterCookieRefused: true }))).toBe('count');
    expect(
      summary(decide('premium', null, [], { meterCookieRefused: true, gift: { articleId: 'a1' } })),
    ).toBe('allow:gift');
  });

  it('lets a verified crawler read the meter’s stories without counting, and nothing more', () => {
    for (const access of ['registered', 'members'] as const)
      expect(summary(decide(access, null, reads(5), { verifiedCrawler: true }))).toBe(
        'allow:verified-crawler',
      );
    expect(summary(decide('premium', null, [], { verifiedCrawler: true }))).toBe('paywall:not-entitled');
    expect(summary(decide('topic:beauty', null, [], { verifiedCrawler: true }))).toBe(
      'topic-upsell:topic-package',
    );
    // A signed-in reader is decided as themselves.
    expect(summary(decide('members', reader('None'), reads(5), { verifiedCrawler: true }))).toBe(
      'paywall:registered-meter-exhausted',
    );
  });
});

describe('gifts, admins and walls', () => {
  it('a gift opens its own article for anyone without a membership that opens it, and no other', () => {
    expect(decide('premium', null, [], { gift: { articleId: 'a1' } })).toEqual({
      kind: 'allow',
      reason: 'gift',
    });
    expect(summary(decide('members', reader('Restricted'), [], { gift: { articleId: 'a1' } }))).toBe(
      'allow:gift',
    );
    expect(summary(decide('premium', null, [], { gift: { articleId: 'a2' } }))).toBe('paywall:not-entitled');
    expect(summary(decide('premium', reader('Premium'), [], { gift: { articleId: 'a1' } }))).toBe(
      'allow:entitled',
    );
  });

  it('admins read everything', () => {
    for (const access of ACCESS_LEVELS.slice(1))
      expect(summary(decide(access, reader('None', { isBofAdmin: true }), reads(5)))).toBe('allow:admin');
  });

  it('names the topic of a topic-package wall and carries the A/B variants and groups', () => {
    const groups = ['WALL_DESIGN#compact', 'WALL_CTA#trial'];
    const d = decide('topic:beauty', null, [], { groups });
    expect(d).toEqual({
      kind: 'wall',
      wall: 'topic-upsell',
      reason: 'topic-package',
      topic: 'beauty',
      variants: {
        wallVariant: 'default',
        designVariant: 'compact',
        offerVariant: 'default',
        ctaVariant: 'trial',
      },
      groups,
      audience: 'anonymous',
    });
  });
});

describe('the PDF report', () => {
  it('comes with what a membership opens, an admin, or a free story; never with a gift or the meter', () => {
    expect(opensReport(decide('premium', reader('Premium')))).toBe(true);
    expect(opensReport(decide('premium', reader('None', { isBofAdmin: true })))).toBe(true);
    expect(opensReport(decide('free', null))).toBe(true);
    expect(opensReport(decide('premium', null, [], { gift: { articleId: 'a1' } }))).toBe(false);
    expect(opensReport(decide('members', null))).toBe(false);
    expect(opensReport(decide('members', null, [{ articleId: 'a1', at: t(1) }]))).toBe(false);
    expect(opensReport(decide('premium', reader('Standard')))).toBe(false);
  });
});
