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
 * When a group's transaction fails, each of its turns runs again on its own (`alone`), so one turn's
 * failure (a reader deleted meanwhile, a deadlock with another process) is only that turn's. A turn's
 * `work` must therefore only decide: it may run twice, and only the run whose transaction commits counts.
 */
export function groupedUnderLock(
  together: (turns: readonly MeterTurn<unknown>[]) => Promise<Outcome[]>,
  alone: UnderLock,
): UnderLock {
  const queue: Waiting[] = [];
  let writing = false;

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const group = queue.splice(0, METER_GROUP_TURNS);
        let outcomes: Outcome[] | undefined;
        try {
          outcomes = await together(group.map((waiting) => waiting.turn));
        } catch {
          outcomes = undefined;
        }
        if (outcomes) {
          group.forEach((waiting, i) => waiting.resolve(outcomes[i]!));
          continue;
        }
        for (const { turn, resolve, reject } of group)
          await alone(turn.key, turn.since, turn.work).then(resolve, reject);
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
        // After the current turn of the event loop, so that requests handled in it form one group.
        queueMicrotask(() => void drain());
      }
    });
}
