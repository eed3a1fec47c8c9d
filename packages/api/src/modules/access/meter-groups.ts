import type { MeteredRead } from '@bof/paywall/meter';
import type { MeterTurn } from './access.repo';

type Outcome = { value: unknown; reads: MeteredRead[] };
type UnderLock = <T>(
  key: string,
  since: Date,
  work: MeterTurn<T>['work'],
) => Promise<{ value: T; reads: MeteredRead[] }>;

interface Waiting {
  turn: MeterTurn<unknown>;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

/** At most this many turns go into one group's transaction. */
export const METER_GROUP_TURNS = 256;

/**
 * A server-side meter's `underLock` with group commit (issue 26): turns that arrive while a group is
 * being written wait for the next group, which takes them all (up to METER_GROUP_TURNS) in one
 * transaction (`together`). Each turn is answered only once its group committed, as before, and a
 * browser's or reader's turns are still decided one after the other, in the order they came.
 *
 * When a group's transaction fails (said with `warn`), each of its turns runs again on its own (`alone`):
 * a key's turns in the order they came, different keys side by side, so one turn's failure (a reader
 * deleted meanwhile, a deadlock with another process) is only that turn's, and an unreachable database
 * fails the turns side by side rather than one after another. A turn's `work` must therefore only
 * decide: it may run twice, and only the run whose transaction commits counts.
 */
export function groupedUnderLock(
  together: (turns: readonly MeterTurn<unknown>[]) => Promise<Outcome[]>,
  alone: UnderLock,
  warn: (message: string, error: unknown) => void = (message, error) => console.warn(message, error),
): UnderLock {
  const queue: Waiting[] = [];
  let writing = false;

  /** A failed group's turns on their own: a key's in the order they came, different keys side by side. */
  async function eachAlone(group: readonly Waiting[]): Promise<void> {
    const byKey = new Map<string, Waiting[]>();
    for (const waiting of group)
      if (byKey.has(waiting.turn.key)) byKey.get(waiting.turn.key)!.push(waiting);
      else byKey.set(waiting.turn.key, [waiting]);
    await Promise.all(
      [...byKey.values()].map(async (turns) => {
        for (const { turn, resolve, reject } of turns)
          await alone(turn.key, turn.since, turn.work).then(resolve, reject);
      }),
    );
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const group = queue.splice(0, METER_GROUP_TURNS);
        let outcomes: Outcome[];
        try {
          outcomes = await together(group.map((waiting) => waiting.turn));
        } catch (error) {
          warn(`A group of ${group.length} meter reads failed; each is tried alone`, error);
          await eachAlone(group);
          continue;
        }
        group.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
      }
    } finally {
      writing = false;
    }
  }

  return <T>(key: string, since: Date, work: MeterTurn<T>['work']) =>
    new Promise<{ value: T; reads: MeteredRead[] }>((resolve, reject) => {
      queue.push({
        turn: { key, since, work },
        resolve: resolve as (outcome: Outcome) => void,
        reject,
      });
      if (!writing) {
        writing = true;
        // After the current task: turns that come while this group is written wait for the next.
        queueMicrotask(() => void drain());
      }
    });
}
