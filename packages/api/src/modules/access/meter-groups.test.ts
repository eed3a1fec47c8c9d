import { describe, expect, it } from 'vitest';
import type { MeteredRead } from '@bof/paywall/meter';
import type { MeterTurn } from './access.repo';
import { groupedUnderLock, METER_GROUP_TURNS } from './meter-groups';

const since = new Date('2026-11-01T00:00:00Z');
const at = new Date('2026-11-27T10:00:00Z');
const noReads: MeteredRead[] = [];

/** A meter whose group transaction is `together` (resolving when `release` is called) and `alone`. */
function fakeMeter(options: { failGroups?: boolean; failKey?: string } = {}) {
  const groups: string[][] = [];
  const alone: string[] = [];
  const warnings: string[] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)));
  const underLock = groupedUnderLock(
    async (turns: readonly MeterTurn<unknown>[]) => {
      groups.push(turns.map((turn) => turn.key));
      await gate;
      if (options.failGroups) throw new Error('deadlock detected');
      return turns.map((turn) => ({ value: turn.work(noReads).value, reads: noReads }));
    },
    async (key, _since, work) => {
      alone.push(key);
      await Promise.resolve();
      if (key === options.failKey) throw new Error(`no account ${key}`);
      return { value: work(noReads).value, reads: noReads };
    },
    (message) => warnings.push(message),
  );
  const turn = (key: string) => underLock(key, since, () => ({ value: key, record: { articleId: 'x', at } }));
  return { groups, alone, warnings, hold, release: () => release(), turn };
}

describe('meter turns in groups', () => {
  it('takes the turns of one moment as one group, and those that come while it writes as the next', async () => {
    const meter = fakeMeter();
    meter.hold();
    const first = [meter.turn('a'), meter.turn('b')];
    await Promise.resolve();
    await Promise.resolve();
    const later = [meter.turn('c'), meter.turn('a'), meter.turn('d')];
    meter.release();
    expect(await Promise.all([...first, ...later])).toEqual(
      ['a', 'b', 'c', 'a', 'd'].map((value) => ({ value, reads: noReads })),
    );
    expect(meter.groups).toEqual([
      ['a', 'b'],
      ['c', 'a', 'd'],
    ]);
  });

  it(`puts at most ${METER_GROUP_TURNS} turns in a group`, async () => {
    const meter = fakeMeter();
    await Promise.all(Array.from({ length: METER_GROUP_TURNS + 5 }, (_, i) => meter.turn(`k${i}`)));
    expect(meter.groups.map((group) => group.length)).toEqual([METER_GROUP_TURNS, 5]);
  });

  it('runs each turn of a failed group on its own, so a failing turn fails alone', async () => {
    const meter = fakeMeter({ failGroups: true, failKey: 'ghost' });
    const outcomes = await Promise.allSettled([meter.turn('a'), meter.turn('ghost'), meter.turn('b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(meter.alone).toEqual(['a', 'ghost', 'b']);
    expect(meter.warnings).toEqual(['A group of 3 meter reads failed; each is tried alone']);
    // And the meter goes on: the next turn is tried as a group again, then alone.
    await expect(meter.turn('c')).resolves.toEqual({ value: 'c', reads: noReads });
    expect(meter.groups).toEqual([['a', 'ghost', 'b'], ['c']]);
    expect(meter.alone).toEqual(['a', 'ghost', 'b', 'c']);
  });

  it('runs a failed group’s keys side by side, and each key’s turns in the order they came', async () => {
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const underLock = groupedUnderLock(
      async () => {
        throw new Error('the database is unreachable');
      },
      async (key, _since, work) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(key);
        return { value: work(noReads).value, reads: noReads };
      },
      () => {},
    );
    const turn = (key: string, n: number) =>
      underLock(key, since, () => ({ value: `${key}${n}`, record: null }));
    expect(await Promise.all([turn('a', 1), turn('b', 1), turn('a', 2), turn('c', 1)])).toEqual(
      ['a1', 'b1', 'a2', 'c1'].map((value) => ({ value, reads: noReads })),
    );
    expect(most).toBe(3);
    expect(order.filter((key) => key === 'a')).toHaveLength(2);
    expect(order.indexOf('a')).toBeLessThan(order.lastIndexOf('a'));
  });
});
