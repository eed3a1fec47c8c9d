import { databaseTarget } from '@bof/db/client';
import { createServices } from '../services';
import { commandEnv, openCommandDatabase } from './command-database';

// `npm run billing:reconcile`: reads every known billing account's subscriptions from the configured
// provider (Recurly, or the billing simulator in the product database) and repairs the product's
// copies, including accounts known only from a purchase attempt. Exit 0 done, 1 some accounts could not
// be read (run again), 78 configuration. On PostgreSQL it runs beside the site; PGlite allows one
// process per data folder, so there it refuses while the site is running (the running site reconciles
// with `npm run billing:simulator -- reconcile`).

const env = commandEnv();
if (databaseTarget(env).kind === 'pglite') {
  const running = await fetch(`${env.siteUrl}/api/health/`, { signal: AbortSignal.timeout(2000) })
    .then(() => true)
    .catch(() => false);
  if (running) {
    console.error(
      `The site is running at ${env.siteUrl} on this PGlite folder, which allows one process at a time.\n` +
        'Reconcile through it with `npm run billing:simulator -- reconcile`, or stop it and run this again.',
    );
    process.exit(1);
  }
}

const database = await openCommandDatabase(env);
// The product's services, as the site builds them; this command sends no e-mail.
const services = await createServices(
  { env, db: database.db, database },
  { courier: { send: async () => Promise.reject(new Error('billing:reconcile sends no e-mail.')) } },
);
let exitCode = 0;
try {
  const { billing } = services;
  console.log(`Reconciling with ${billing.simulator ? 'the billing simulator' : 'Recurly'}…`);
  const report = await billing.reconcile((line) => console.log(`  ${line}`));
  console.log(
    `${report.accounts} account(s), ${report.subscriptions} subscription(s) brought in line, ` +
      `${report.purchasesResolved} unrecorded purchase(s) settled, ${report.failedAccounts} account(s) not read.`,
  );
  if (report.failedAccounts > 0) exitCode = 1;
} finally {
  await services.close();
}
process.exit(exitCode);
