import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { billingSimulatorRecords } from '@bof/db/schema';
import type { RecordKind, SimulatorStore } from '@bof/billing/simulator-store';

/** One lock for every simulator transaction: the simulator is a test double, not a hot path. */
const SIMULATOR_LOCK = 727_001;

function storeOver(db: Database): Omit<SimulatorStore, 'transaction'> {
  return {
    async get<T>(kind: RecordKind, id: string) {
      const [row] = await db
        .select({ data: billingSimulatorRecords.data })
        .from(billingSimulatorRecords)
        .where(and(eq(billingSimulatorRecords.kind, kind), eq(billingSimulatorRecords.id, id)));
      return (row?.data as T | undefined) ?? null;
    },
    async put(kind, id, accountCode, data) {
      await db
        .insert(billingSimulatorRecords)
        .values({ kind, id, accountCode, data })
        .onConflictDoUpdate({
          target: [billingSimulatorRecords.kind, billingSimulatorRecords.id],
          set: { accountCode, data, updatedAt: sql`now()` },
        });
    },
    async list<T>(kind: RecordKind, accountCode?: string) {
      const rows = await db
        .select({ data: billingSimulatorRecords.data })
        .from(billingSimulatorRecords)
        .where(
          accountCode === undefined
            ? eq(billingSimulatorRecords.kind, kind)
            : and(
                eq(billingSimulatorRecords.kind, kind),
                eq(billingSimulatorRecords.accountCode, accountCode),
              ),
        )
        .orderBy(asc(billingSimulatorRecords.id));
      return rows.map((r) => r.data as T);
    },
    async remove(kind, id) {
      await db
        .delete(billingSimulatorRecords)
        .where(and(eq(billingSimulatorRecords.kind, kind), eq(billingSimulatorRecords.id, id)));
    },
  };
}

/** The simulator's storage in the product database, so its accounts survive a restart. */
export function createDrizzleSimulatorStore(db: Database): SimulatorStore {
  const plain = storeOver(db);
  // Transactions queue in this process before taking a connection: many at once (buyers racing for the
  // last tickets) would otherwise each hold a pooled connection while waiting for the lock, and starve
  // the pool. The advisory lock still serialises them across processes.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...plain,
    transaction: (work) => {
      const run = queue.then(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${SIMULATOR_LOCK})`);
          const inner = storeOver(tx as unknown as Database);
          return work({
            ...inner,
            transaction: (nested) =>
              nested({ ...inner, transaction: () => Promise.reject(new Error('nested')) }),
          });
        }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
