// One newsletter delivery worker process for bench/newsletter-send.ts: the product's delivery worker
// (createNewsletterSending().startWorker) over PostgreSQL, with the outbox courier, until it is killed.
//
//   node --import tsx bench/newsletter-send-worker.ts <database url> <concurrency> <job expiry seconds>
import { openDatabase } from '@bof/db/client';
import { createOutboxMailer } from '@bof/identity/mailer';
import { createPgBossJobs } from '../packages/api/src/platform/jobs/pg-boss-jobs';
import { contentServiceFor } from '../packages/api/src/modules/content/content.module';
import { storyPath } from '../packages/api/src/modules/content/content.service';
import { createNewsletterSending } from '../packages/api/src/modules/newsletters/newsletter-sending';

const [url, concurrency = '4', expiry = '10'] = process.argv.slice(2);
if (!url) throw new Error('usage: newsletter-send-worker.ts <database url>');
const database = await openDatabase({ kind: 'postgres', url, maxConnections: 8 });
const jobs = await createPgBossJobs(database, { scheduler: true });
const content = contentServiceFor(database.db);
const sending = createNewsletterSending({
  db: database.db,
  jobs,
  courier: createOutboxMailer(database.db),
  siteUrl: 'https://bench.example',
  siteName: 'Bench',
  unsubscribeSecret: 'bench-unsubscribe-secret',
  latestStories: (limit) => content.latest(limit),
  followedStoriesSince: async () => [],
  storyPath,
  // A killed worker's jobs are taken again after this long.
  jobExpirySeconds: Number(expiry),
});
await sending.startWorker({
  concurrency: Number(concurrency),
  pollingIntervalSeconds: 0.5,
});
process.send?.('ready');
