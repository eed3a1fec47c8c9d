/** The kinds of record the simulator keeps. */
export type RecordKind =
  | 'token'
  | 'account'
  | 'subscription'
  | 'invoice'
  | 'charge'
  | 'challenge'
  | 'idempotency'
  | 'webhook'
  | 'clock';

/**
 * What the simulator needs from storage: JSON documents by kind and id, listed by account, written in
 * transactions. The product implements it over its database (the simulator persists across restarts);
 * tests use the in-memory one.
 */
export interface SimulatorStore {
  get<T>(kind: RecordKind, id: string): Promise<T | null>;
  put<T>(kind: RecordKind, id: string, accountCode: string | null, data: T): Promise<void>;
  list<T>(kind: RecordKind, accountCode?: string): Promise<T[]>;
  remove(kind: RecordKind, id: string): Promise<void>;
  /** Runs `work` atomically: either every write lands or none does. Concurrent calls are serialised per store. */
  transaction<T>(work: (store: SimulatorStore) => Promise<T>): Promise<T>;
}

/** An in-memory store for tests, with the same transaction semantics (writes land only on success). */
export function createMemorySimulatorStore(): SimulatorStore {
  const records = new Map<string, { accountCode: string | null; data: unknown; order: number }>();
  let order = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const key = (kind: RecordKind, id: string) => `${kind}\u0000${id}`;

  const view = (map: typeof records): SimulatorStore => ({
    async get<T>(kind: RecordKind, id: string) {
      const record = map.get(key(kind, id));
      return record ? (structuredClone(record.data) as T) : null;
    },
    async put(kind, id, accountCode, data) {
      map.set(key(kind, id), { accountCode, data: structuredClone(data), order: order++ });
    },
    async list<T>(kind: RecordKind, accountCode?: string) {
      return [...map.entries()]
        .filter(
          ([k, r]) =>
            k.startsWith(`${kind}\u0000`) && (accountCode === undefined || r.accountCode === accountCode),
        )
        .sort((a, b) => a[1].order - b[1].order)
        .map(([, r]) => structuredClone(r.data) as T);
    },
    async remove(kind, id) {
      map.delete(key(kind, id));
    },
    transaction<T>(work: (store: SimulatorStore) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        const draft = new Map([...records].map(([k, v]) => [k, { ...v, data: structuredClone(v.data) }]));
        const result = await work(view(draft));
        records.clear();
        for (const [k, v] of draft) records.set(k, v);
        return result;
      });
      queue = run.catch(() => undefined);
      return run;
    },
  });
  return view(records);
}
