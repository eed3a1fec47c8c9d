import type { DatabaseHandle } from '@bof/db/client';
import { PgBoss, type ConstructorOptions } from 'pg-boss';
import type { JobHandler, Jobs, QueueSettings, SendSettings, WorkSettings } from './jobs';
import { pgliteExecutor } from './pglite-executor';

export interface JobsOptions {
  /**
   * Whether this process runs the cron scheduler and the queue's maintenance. One scheduler per
   * deployment: the embedded default and a single server say yes; extra web replicas say no.
   */
  scheduler: boolean;
}

/** The job queue over the product's database (pg-boss, schema `pgboss`): ADR 24. */
export async function createPgBossJobs(database: DatabaseHandle, options: JobsOptions): Promise<Jobs> {
  const common: ConstructorOptions = {
    schema: 'pgboss',
    schedule: options.scheduler,
    supervise: options.scheduler,
    migrate: true,
  };
  let boss: PgBoss;
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('The PGlite handle is missing its client.');
    boss = new PgBoss({
      ...common,
      db: pgliteExecutor(database.pglite),
      backend: 'pglite',
    } as ConstructorOptions);
  } else {
    if (!database.connectionString)
      throw new Error('The PostgreSQL handle is missing its connection string.');
    boss = new PgBoss({ ...common, connectionString: database.connectionString, max: 4 });
  }
  boss.on('error', (error) => console.error('job queue error', error));
  await boss.start();
  const known = new Set<string>();

  return {
    async ensureQueue(queue: string, settings: QueueSettings = {}) {
      if (known.has(queue)) return;
      const existing = await boss.getQueue(queue);
      if (!existing) {
        await boss.createQueue(queue, {
          policy: settings.oneJobPerKey ? 'exclusive' : 'standard',
          retryLimit: settings.retryLimit ?? 5,
          retryDelay: settings.retryDelaySeconds ?? 5,
          retryBackoff: settings.retryBackoff ?? true,
          expireInSeconds: settings.expireInSeconds ?? 15 * 60,
        });
      }
      known.add(queue);
    },
    async send(queue, data, settings: SendSettings = {}) {
      return boss.send(queue, data, {
        ...(settings.singletonKey ? { singletonKey: settings.singletonKey } : {}),
        ...(settings.startAfterSeconds ? { startAfter: settings.startAfterSeconds } : {}),
      });
    },
    async sendMany(queue, items, settings: SendSettings = {}) {
      if (items.length === 0) return;
      await boss.insert(
        queue,
        items.map((data) => ({
          data,
          ...(settings.startAfterSeconds ? { startAfter: settings.startAfterSeconds } : {}),
        })),
      );
    },
    async work<T extends object>(queue: string, handler: JobHandler<T>, settings: WorkSettings = {}) {
      return boss.work<T>(
        queue,
        {
          batchSize: settings.batchSize ?? 1,
          localConcurrency: settings.concurrency ?? 1,
          pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2,
        },
        async (jobs) => {
          await handler(
            jobs.map((job) => ({
              id: job.id,
              data: job.data,
              retryCount: (job as { retryCount?: number }).retryCount ?? 0,
            })),
          );
        },
      );
    },
    async offWork(queue: string, workerId: string) {
      await boss.offWork(queue, { id: workerId });
    },
    async schedule(queue, cron, data) {
      await boss.schedule(queue, cron, data ?? null, { tz: 'UTC' });
    },
    async stop(graceMs = 10_000) {
      await boss.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
}
