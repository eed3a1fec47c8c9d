import { readsInWindow, windowStart, type MeterPolicy, type MeteredRead } from '@bof/paywall/meter';
import type { ServerMeter } from './access-gate';
import type { MeterTurn } from './access.repo';

type UnderLock = <T>(
  key: string,
  since: Date,
  work: MeterTurn<T>['work'],
) => Promise<{ value: T; reads: MeteredRead[] }>;

/**
 * How many readers' or browsers' records a process remembers, for each of the two meters. A record holds
 * the reads of one window, at most 50 (typically the allowance, 2 to 5): a few hundred bytes typically,
 * about 5 KB at worst, so about 15 MB typically per meter and 250 MB in the worst case.
 */
export const KNOWN_METER_KEYS = 50_000;

/**
 * `count` of a server-side meter (a reader's `meter_reads`, or an anonymous browser's) over `underLock`,
 * remembering what each record was last seen to hold. A read a record holds stays counted for the rest
 * of its window: reads are only ever added (or moved later), and deleted only once outside every window.
 * So a read of a story the record is known to hold is decided from what is known, without the database:
 * it is already counted, and counts nothing. That is the read of a browser whose cookie lost the read (an
 * older copy of it, or another device of the reader). Every read that could count goes to the record
 * under its lock, as before, and what it sees there is remembered.
 */
export function serverMeterCount(
  policy: MeterPolicy,
  underLock: UnderLock,
  options: { keys?: number } = {},
): ServerMeter['count'] {
  const limit = options.keys ?? KNOWN_METER_KEYS;
  // Oldest use first: a Map keeps insertion order, and a use moves the key to the end.
  const known = new Map<string, MeteredRead[]>();
  const remember = (key: string, reads: MeteredRead[]) => {
    known.delete(key);
    known.set(key, reads);
    if (known.size > limit) known.delete(known.keys().next().value!);
  };

  return async (key, articleId, now, decide) => {
    const held = known.get(key);
    if (held) {
      const reads = readsInWindow(held, now, policy);
      if (reads.some((read) => read.articleId === articleId)) {
        const decision = decide(reads);
        if (decision.kind !== 'allow-and-count') {
          remember(key, held);
          return { decision, reads };
        }
      }
    }
    const { value: decision, reads } = await underLock(key, windowStart(now, policy), (serverReads) => {
      const decision = decide(serverReads);
      return {
        value: decision,
        record: decision.kind === 'allow-and-count' ? { articleId, at: now } : null,
      };
    });
    remember(
      key,
      decision.kind === 'allow-and-count'
        ? [...reads, { articleId, at: Math.floor(now.getTime() / 1000) }]
        : reads,
    );
    return { decision, reads };
  };
}
