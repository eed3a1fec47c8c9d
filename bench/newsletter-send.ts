// One edition of the daily brief sent to N synthetic subscribers (50,000 by default) through the outbox
// courier by real worker processes (bench/newsletter-send-worker.ts, the product's delivery worker) on
// PostgreSQL, in a database of its own made from the migrated template and dropped at the end. The worker
// is killed (SIGKILL) twice mid-send and started again; at the end every subscriber must hold exactly one
// message in the outbox. Prints the time from the send's start to the last message and the rate.
//
//   npm run bench:newsletter-send -- [--subscribers 50000] [--concurrency 4]
//   (TEST_DATABASE_URL names the server; the npm script's default is postgres://postgres@127.0.0.1:5432/test)
import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { newsletterSubscriptions } from '@bof/db/schema';
import { createTestDatabase } from '@bof/db/testing';
import { createOutboxMailer } from '@bof/identity/mailer';
import { createPgBossJobs } from '../packages/api/src/platform/jobs/pg-boss-jobs';
import { runSeeds } from '../packages/api/src/platform/seeds';
import { seedList } from '../packages/api/src/platform/seed-list';
import { contentServiceFor } from '../packages/api/src/modules/content/content.module';
import { storyPath } from '../packages/api/src/modules/content/content.service';
import {
  DELIVER_QUEUE,
  createNewsletterSending,
} from '../packages/api/src/modules/newsletters/newsletter-sending';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '50000' },
    concurrency: { type: 'string', default: '4' },
  },
});
const N = Number(args.subscribers);
if (!Number.isInteger(N) || N < 3) throw new Error('--subscribers must be a whole number of at least 3');

/** A killed worker's jobs are taken again this long after they were taken (the queue's setting). */
const JOB_EXPIRY_SECONDS = 10;

const database = await createTestDatabase();
// Stopped early (Ctrl-C, a timeout): no worker nor database is left behind.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const worker of workers) worker.kill('SIGKILL');
    void database.close().finally(() => process.exit(130));
  });
if (database.kind !== 'postgres' || !database.connectionString)
  throw new Error('the benchmark runs on PostgreSQL (TEST_DATABASE_URL)');
const { db } = database;
const workers = new Set<ChildProcess>();
const workerFile = new URL('./newsletter-send-worker.ts', import.meta.url).pathname;

function startWorker(): Promise<ChildProcess> {
  const child = fork(workerFile, [database.connectionString!, args.concurrency, String(JOB_EXPIRY_SECONDS)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  workers.add(child);
  child.on('exit', () => workers.delete(child));
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code, signal) => reject(new Error(`worker exited early (${code ?? signal})`)));
  });
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const outboxCount = () =>
  count(
    sql`select count(*)::int as n from identity_courier_messages where template_type = 'newsletter_edition'`,
  );
const openJobs = () =>
  count(
    sql`select count(*)::int as n from pgboss.job where name = ${DELIVER_QUEUE} and state in ('created', 'retry', 'active')`,
  );
const log = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const until = async (check: () => Promise<boolean>, ms = 30 * 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

try {
  await runSeeds(db, seedList, () => undefined);
  for (let start = 0; start < N; start += 5000)
    await db.insert(newsletterSubscriptions).values(
      Array.from({ length: Math.min(5000, N - start) }, (_, i) => ({
        userId: `bench-${String(start + i).padStart(6, '0')}`,
        newsletterId: 'daily-brief',
        status: 'subscribed',
        email: `reader-${start + i}@bench.example`,
      })),
    );
  log(`${N} subscribers stored`);
  const jobs = await createPgBossJobs(database, { scheduler: false });
  const content = contentServiceFor(db);
  const sending = createNewsletterSending({
    db,
    jobs,
    courier: createOutboxMailer(db),
    siteUrl: 'https://bench.example',
    siteName: 'Bench',
    unsubscribeSecret: 'bench-unsubscribe-secret',
    latestStories: (limit) => content.latest(limit),
    followedStoriesSince: async () => [],
    storyPath,
    jobExpirySeconds: JOB_EXPIRY_SECONDS,
  });
  const editionId = await sending.composeEdition('daily-brief');

  const started = performance.now();
  const queued = await sending.startSend(editionId);
  if (queued !== N) throw new Error(`queued ${queued} readers, expected ${N}`);
  log(`${queued} readers queued`);
  const kills: { at: number; delivered: number }[] = [];
  for (const share of [1 / 3, 2 / 3]) {
    const worker = await startWorker();
    log('worker started');
    await until(async () => (await outboxCount()) >= share * N);
    worker.kill('SIGKILL');
    await new Promise((resolve) => worker.once('exit', resolve));
    kills.push({ at: (performance.now() - started) / 1000, delivered: await outboxCount() });
    log(`worker killed at ${kills.at(-1)!.delivered} messages`);
  }
  const last = await startWorker();
  await until(async () => (await sending.sentCount(editionId)) >= N && (await openJobs()) === 0);
  const seconds = (performance.now() - started) / 1000;
  last.kill('SIGTERM');
  await jobs.stop(0);

  const [check] = (
    (await db.execute(
      sql`select count(*)::int as messages, count(distinct recipient)::int as readers
          from identity_courier_messages where template_type = 'newsletter_edition'`,
    )) as unknown as { rows: { messages: number; readers: number }[] }
  ).rows;
  const sends = await sending.sentCount(editionId);
  const ok = check!.messages === N && check!.readers === N && sends === N;
  console.log(
    JSON.stringify({
      subscribers: N,
      messages: check!.messages,
      distinctReaders: check!.readers,
      sendRecords: sends,
      exactlyOnce: ok,
      kills,
      seconds: Number(seconds.toFixed(1)),
      messagesPerSecond: Math.round(N / seconds),
      workerConcurrency: Number(args.concurrency),
      node: process.version,
      cpus: os.cpus().length,
      load: os.loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
  if (!ok) process.exitCode = 1;
} finally {
  for (const worker of workers) worker.kill('SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.close();
}
