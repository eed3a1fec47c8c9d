import { createServer } from 'node:http';
import path from 'node:path';
import { getServerEnv } from '@bof/config/server';
import { openDatabase } from '@bof/db/client';
import { migrateDatabase } from '@bof/db/migrate';
import { createSmtpMailer } from '../courier/mailer';
import { identityConfigFromEnv } from '../identity-config';
import { createIdentityServer } from '../identity-server';
import { createIdentityNodeHandler } from '../node-listener';

// Runs the identity server on a port of its own (IDENTITY_PORT, default 4433), for use without the web
// app. Its public address is IDENTITY_BASE_URL, or http://localhost:<port>.
const env = getServerEnv();
const port = Number(process.argv[2] ?? 4433);
const baseUrl = `http://localhost:${port}`;
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
});
const node = createIdentityNodeHandler(server, new URL(baseUrl).pathname);
createServer((req, res) => node.listener(req, res)).listen(port, env.host, () => {
  console.log(`Identity server on ${baseUrl}`);
});
