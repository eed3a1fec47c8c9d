import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessInput } from './decide-access';
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
const summary = (d: ReturnType<typeof decideAccess>) => (d.kind === 'wall' ? `wall:${d.wall}` : d.kind);

const accessLevels: AccessLevel[] = ['free', 'registered', 'members', 'premium', 'topic:beauty'];

describe('entitlement table (docs/access.md)', () => {
  it('covers every membership level of the spec', () => {
    expect(Object.keys(ENTITLEMENTS).sort()).toEqual([...MEMBERSHIP_LEVELS].sort());
  });

  // What each level opens with an untouched meter and with a spent one.
  const expected: Record<MembershipLevel, Record<AccessLevel, [fresh: string, spent: string]>> = {
    None: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow-and-count', 'wall:paywall'],
      premium: ['wall:paywall', 'wall:paywall'],
      'topic:beauty': ['wall:topic-upsell', 'wall:topic-upsell'],
    },
    Restricted: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['wall:paywall', 'wall:paywall'],
      premium: ['wall:paywall', 'wall:paywall'],
      'topic:beauty': ['wall:topic-upsell', 'wall:topic-upsell'],
    },
    TopicBeauty: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow-and-count', 'wall:paywall'],
      premium: ['wall:paywall', 'wall:paywall'],
      'topic:beauty': ['allow', 'allow'],
    },
    NewsAndAnalysis: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow', 'allow'],
      premium: ['wall:paywall', 'wall:paywall'],
      'topic:beauty': ['wall:topic-upsell', 'wall:topic-upsell'],
    },
    Standard: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow', 'allow'],
      premium: ['wall:paywall', 'wall:paywall'],
      'topic:beauty': ['wall:topic-upsell', 'wall:topic-upsell'],
    },
    LearningAndDevelopment: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow', 'allow'],
      premium: ['allow', 'allow'],
      'topic:beauty': ['wall:topic-upsell', 'wall:topic-upsell'],
    },
    Premium: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow', 'allow'],
      premium: ['allow', 'allow'],
      'topic:beauty': ['allow', 'allow'],
    },
    AllAccess: {
      free: ['allow', 'allow'],
      registered: ['allow', 'allow'],
      members: ['allow', 'allow'],
      premium: ['allow', 'allow'],
      'topic:beauty': ['allow', 'allow'],
    },
  };

  for (const level of MEMBERSHIP_LEVELS) {
    for (const access of accessLevels) {
      it(`${level} × ${access}`, () => {
        const [fresh, spent] = expected[level][access]!;
        expect(summary(decide(access, reader(level)))).toBe(fresh);
        expect(summary(decide(access, reader(level), reads(5)))).toBe(spent);
      });
    }
  }
});

describe('anonymous readers', () => {
  it.each([
    ['free', 0, 'allow'],
    ['registered', 0, 'allow-and-count'],
    ['registered', 1, 'allow-and-count'],
    ['registered', 2, 'wall:registration'],
    ['members', 0, 'allow-and-count'],
    ['members', 2, 'wall:registration'],
    ['premium', 0, 'wall:paywall'],
    ['topic:beauty', 0, 'wall:topic-upsell'],
  ] as const)('%s with %i reads this month: %s', (access, n, outcome) => {
    expect(summary(decide(access, null, reads(n)))).toBe(outcome);
  });
});

describe('the meter', () => {
  it('gives anonymous readers 2 and registered non-members 3 more', () => {
    let meter: MeteredRead[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const d = decideAccess({
        article: { id: `g${i}`, access: 'members' },
        reader: null,
        meter,
        gift: null,
        groups: [],
        policy: DEFAULT_METER_POLICY,
        now,
      });
      outcomes.push(summary(d));
      if (d.kind === 'allow-and-count') meter = recordRead(meter, `g${i}`, now, DEFAULT_METER_POLICY);
    }
    for (let i = 3; i < 7; i++) {
      const d = decideAccess({
        article: { id: `g${i}`, access: 'members' },
        reader: reader('None'),
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
      'allow-and-count',
      'allow-and-count',
      'wall:registration',
      'allow-and-count',
      'allow-and-count',
      'allow-and-count',
      'wall:paywall',
    ]);
  });

  it('counts an article once: a re-read is allowed even with the meter spent', () => {
    const meter = [...reads(1), { articleId: 'a1', at: t(2) }];
    expect(decide('members', null, meter)).toEqual({ kind: 'allow', reason: 'already-counted' });
  });

  it('forgets reads older than 30 days', () => {
    expect(summary(decide('members', null, reads(2, 31)))).toBe('allow-and-count');
    expect(summary(decide('members', null, reads(2, 29)))).toBe('wall:registration');
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
    expect(summary(decide('members', null, [], { policy }))).toBe('wall:registration');
    expect(summary(decide('members', reader('None'), [], { policy }))).toBe('allow-and-count');
  });
});

describe('gifts, admins and walls', () => {
  it('a gift opens its own article for anyone, and no other', () => {
    expect(decide('premium', null, [], { gift: { articleId: 'a1' } })).toEqual({
      kind: 'allow',
      reason: 'gift',
    });
    expect(summary(decide('premium', null, [], { gift: { articleId: 'a2' } }))).toBe('wall:paywall');
  });

  it('admins read everything', () => {
    expect(decide('premium', reader('None', { isBofAdmin: true }))).toEqual({
      kind: 'allow',
      reason: 'admin',
    });
  });

  it('names the topic of a topic-package wall and carries the A/B variants', () => {
    const d = decide('topic:beauty', null, [], {
      groups: ['WALL_DESIGN#compact', 'WALL_CTA#trial', 'junk', 'OTHER#x'],
    });
    expect(d).toMatchObject({
      kind: 'wall',
      wall: 'topic-upsell',
      topic: 'beauty',
      variants: {
        wallVariant: 'default',
        designVariant: 'compact',
        offerVariant: 'default',
        ctaVariant: 'trial',
      },
    });
  });
});
