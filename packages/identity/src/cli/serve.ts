import { createServer } from 'node:http';
import path from 'node:path';
import { getServerEnv } from '@bof/config/server';
import { openDatabase } from '@bof/db/client';
import { migrateDatabase } from '@bof/db/migrate';
import { createPgliteChangeFeed, createPostgresChangeFeed } from '../cache/change-feed';
import { createSmtpMailer } from '../courier/mailer';
import { identityConfigFromEnv } from '../identity-config';
import { createIdentityServer } from '../identity-server';
import { createIdentityNodeHandler } from '../node-listener';

// Runs the identity server on a port of its own (argument, default 4433), for use without the web app.
// Its public address is IDENTITY_BASE_URL when that names somewhere other than the site's own
// `/identity` mount (the default, which is the web app's), and http://localhost:<port> otherwise.
const env = getServerEnv();
const port = Number(process.argv[2] ?? 4433);
const baseUrl =
  env.identityBaseUrl !== `${env.siteUrl}/identity` ? env.identityBaseUrl : `http://localhost:${port}`;
const handle = await openDatabase(
  env.databaseUrl
    ? { kind: 'postgres', url: env.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(env.dataDir, 'identity-pglite') },
);
await migrateDatabase(handle);
const config = { ...identityConfigFromEnv(env), publicBaseUrl: baseUrl };
const server = createIdentityServer({
  db: handle.db,
  config,
  mailer: env.identity.smtpUrl
    ? createSmtpMailer({ url: env.identity.smtpUrl, from: env.identity.smtpFrom })
    : undefined,
  changeFeed: env.databaseUrl
    ? createPostgresChangeFeed(env.databaseUrl)
    : createPgliteChangeFeed(handle.pglite!),
});
const node = createIdentityNodeHandler(server, new URL(baseUrl).pathname);
const http = createServer((req, res) => node.listener(req, res)).listen(port, env.host, () => {
  console.log(`Identity server on ${baseUrl}`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  http.close();
  http.closeAllConnections();
  await server.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
