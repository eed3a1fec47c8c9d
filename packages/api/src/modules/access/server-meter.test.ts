import { describe, expect, it } from 'vitest';
import { decideAccess } from '@bof/paywall/decide-access';
import { DEFAULT_METER_POLICY, type MeteredRead } from '@bof/paywall/meter';
import type { MeterTurn } from './access.repo';
import { serverMeterCount } from './server-meter';

const now = new Date('2026-11-27T10:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

/** A server record in memory behind `underLock`, counting the trips to it. */
function record() {
  const reads = new Map<string, MeteredRead[]>();
  let trips = 0;
  const underLock = async <T>(key: string, since: Date, work: MeterTurn<T>['work']) => {
    trips += 1;
    const held = (reads.get(key) ?? []).filter((read) => read.at >= since.getTime() / 1000);
    const { value, record } = work(held);
    if (record)
      reads.set(key, [
        ...(reads.get(key) ?? []),
        { articleId: record.articleId, at: Math.floor(record.at.getTime() / 1000) },
      ]);
    return { value, reads: held };
  };
  return { reads, underLock, trips: () => trips };
}

/** The gate's decision for an anonymous reader of a registered story, over the server's reads. */
const decide = (articleId: string, at: Date) => (serverReads: readonly MeteredRead[]) =>
  decideAccess({
    article: { id: articleId, access: 'registered' },
    reader: null,
    meter: serverReads,
    gift: null,
    groups: [],
    policy: DEFAULT_METER_POLICY,
    now: at,
  });

describe('the server meter’s count, with what the process knows', () => {
  it('decides a read the record is known to hold without the database, and nothing else', async () => {
    const server = record();
    const count = serverMeterCount(DEFAULT_METER_POLICY, server.underLock);
    const first = await count('browser-1', 'story-a', now, decide('story-a', now));
    expect(first.decision.kind).toBe('allow-and-count');
    expect(server.trips()).toBe(1);

    // The same story again (an older copy of the cookie): already counted, from memory.
    const again = await count('browser-1', 'story-a', later(1), decide('story-a', later(1)));
    expect(again.decision).toEqual({ kind: 'allow', reason: 'already-counted' });
    expect(again.reads.map((read) => read.articleId)).toEqual(['story-a']);
    expect(server.trips()).toBe(1);

    // Another story, another browser: to the record, which decides.
    expect((await count('browser-1', 'story-b', now, decide('story-b', now))).decision.kind).toBe(
      'allow-and-count',
    );
    expect((await count('browser-2', 'story-a', now, decide('story-a', now))).decision.kind).toBe(
      'allow-and-count',
    );
    expect(server.trips()).toBe(3);
    // The allowance is spent: a third story meets the wall, decided by the record.
    expect((await count('browser-1', 'story-c', now, decide('story-c', now))).decision).toMatchObject({
      kind: 'wall',
      reason: 'anonymous-meter-exhausted',
    });
    expect(server.trips()).toBe(4);
  });

  it('asks the record again once the known read has left the window', async () => {
    const server = record();
    const count = serverMeterCount(DEFAULT_METER_POLICY, server.underLock);
    await count('browser-1', 'story-a', now, decide('story-a', now));
    const month = later(31);
    const after = await count('browser-1', 'story-a', month, decide('story-a', month));
    expect(after.decision.kind).toBe('allow-and-count');
    expect(server.trips()).toBe(2);
  });

  it('learns what another process recorded when it next asks the record', async () => {
    const server = record();
    const count = serverMeterCount(DEFAULT_METER_POLICY, server.underLock);
    await count('browser-1', 'story-a', now, decide('story-a', now));
    // Another process counted story-b for the same browser.
    server.reads.get('browser-1')!.push({ articleId: 'story-b', at: Math.floor(now.getTime() / 1000) });
    expect((await count('browser-1', 'story-c', now, decide('story-c', now))).decision.kind).toBe('wall');
    expect((await count('browser-1', 'story-b', now, decide('story-b', now))).decision).toEqual({
      kind: 'allow',
      reason: 'already-counted',
    });
    expect(server.trips()).toBe(2);
  });

  it('remembers at most `keys` records, forgetting the least recently used', async () => {
    const server = record();
    const count = serverMeterCount(DEFAULT_METER_POLICY, server.underLock, { keys: 2 });
    for (const key of ['one', 'two', 'one', 'three'])
      await count(key, 'story-a', now, decide('story-a', now));
    expect(server.trips()).toBe(3);
    await count('one', 'story-a', now, decide('story-a', now));
    expect(server.trips()).toBe(3);
    await count('two', 'story-a', now, decide('story-a', now));
    expect(server.trips()).toBe(4);
  });
});
