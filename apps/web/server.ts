import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { ConfigurationError, getServerEnv, type ServerEnv } from '@bof/config/server';
import { stopPlatform } from '@bof/api/platform';
import { startPlatform } from '@bof/api/start-platform';

// The product's one process: validates configuration, opens and migrates the database, seeds, then
// serves the Next.js app. SIGTERM and SIGINT drain in-flight requests and close the database.
const dev = process.argv.includes('--dev');

function loadEnv(): ServerEnv {
  try {
    return getServerEnv();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

const env = loadEnv();
await startPlatform(env);

const app = next({
  dev,
  dir: path.dirname(fileURLToPath(import.meta.url)),
  hostname: env.host,
  port: env.port,
});
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  void handle(req, res);
});
server.listen(env.port, env.host, () => {
  console.log(
    `${env.siteName} ready on ${env.siteUrl} (${dev ? 'development' : 'production'}, ${env.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests…`);
  const force = setTimeout(() => {
    console.error(`Requests still open after ${env.shutdownTimeoutMs} ms; stopping anyway.`);
    process.exit(1);
  }, env.shutdownTimeoutMs);
  force.unref();
  // Keep-alive sockets go idle between requests; close each as soon as it does.
  const reaper = setInterval(() => server.closeIdleConnections(), 50);
  server.close(async () => {
    clearInterval(reaper);
    await stopPlatform();
    console.log('Stopped cleanly.');
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
