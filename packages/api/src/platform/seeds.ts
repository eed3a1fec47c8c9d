import { eq, sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { seedRuns } from '@bof/db/schema';

/** Data a fresh database needs (reference lists, the demo edition). Re-run when its version changes. */
export interface Seed {
  name: string;
  version: string;
  /** Must be idempotent: a seed whose version changed runs again over its earlier data. */
  run(db: Database): Promise<void>;
}

/** The advisory lock every seed runs under: processes starting together on one database seed one at a time. */
const SEED_LOCK = 'bof:seeds';

/**
 * Applies each seed whose name and version this database has not recorded, each in its own
 * transaction, so a failed seed leaves no half of itself behind and is retried at the next start.
 * Several processes may start at once on one PostgreSQL database (a deployment's processes, a rolling
 * restart): each seed's transaction holds an advisory lock and reads the record again under it, so a seed
 * runs once and the others wait for it and skip it.
 */
export async function runSeeds(
  db: Database,
  seeds: readonly Seed[],
  log: (line: string) => void = console.log,
) {
  for (const seed of seeds) {
    const [applied] = await db.select().from(seedRuns).where(eq(seedRuns.name, seed.name));
    if (applied?.version === seed.version) continue;
    const started = Date.now();
    const ran = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SEED_LOCK}))`);
      const [now] = await tx.select().from(seedRuns).where(eq(seedRuns.name, seed.name));
      if (now?.version === seed.version) return false;
      await seed.run(tx as unknown as Database);
      await tx
        .insert(seedRuns)
        .values({ name: seed.name, version: seed.version })
        .onConflictDoUpdate({ target: seedRuns.name, set: { version: seed.version, appliedAt: new Date() } });
      return true;
    });
    if (ran) log(`Seeded ${seed.name} ${seed.version} in ${Date.now() - started} ms`);
  }
}
