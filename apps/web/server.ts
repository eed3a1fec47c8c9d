import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { ConfigurationError, getServerEnv, type ServerEnv } from '@bof/config/server';
import { getPlatform, stopPlatform } from '@bof/api/platform';
import { identityConfigFromEnv } from '@bof/identity/config';
import { createOutboxMailer, createSmtpMailer } from '@bof/identity/mailer';
import { createIdentityAdminServer } from '@bof/identity/admin';
import { createIdentityNodeHandler } from '@bof/identity/node';
import { createIdentityServer } from '@bof/identity/server';
import { startPlatform } from '@bof/api/start-platform';
import { ACCESS_HEADER, encodeGateResult, getAccessModule } from '@bof/api/access';
import { installEmailChangePorts } from '@bof/api/email-change';
import { storyRequest } from './src/server/access/story-request';
import { startStoryPageCache } from './src/server/access/story-page-server';

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

// The built-in identity server answers /identity/* (and /_dev/mail/ when embedded) before Next.js, so
// Kratos paths keep their exact shape (docs/adr/0004). With IDENTITY_BASE_URL elsewhere it is not mounted.
const identityConfig = identityConfigFromEnv(env);
const identity = identityConfig.publicBaseUrl.startsWith(`${env.siteUrl}/`)
  ? createIdentityNodeHandler(
      createIdentityServer({
        db: (await getPlatform()).db,
        config: identityConfig,
        mailer: env.identity.smtpUrl
          ? createSmtpMailer({ url: env.identity.smtpUrl, from: env.identity.smtpFrom })
          : undefined,
      }),
      new URL(identityConfig.publicBaseUrl).pathname,
    )
  : undefined;

// The e-mail change reaches the identity store through Kratos's admin API: the built-in server's, called
// in-process and never mounted on a path, or Ory Kratos's at IDENTITY_ADMIN_URL. Its codes go out through
// the identity server's courier (SMTP, or the outbox at /_dev/mail/).
{
  const { db } = await getPlatform();
  installEmailChangePorts(await getPlatform(), {
    mailer: env.identity.smtpUrl
      ? createSmtpMailer({ url: env.identity.smtpUrl, from: env.identity.smtpFrom })
      : createOutboxMailer(db),
    identityAdmin: identity
      ? createIdentityAdminServer({ db, publicBaseUrl: identityConfig.publicBaseUrl }).fetch
      : undefined,
  });
  if (!identity && !env.identity.adminUrl)
    console.warn("E-mail changes are off: set IDENTITY_ADMIN_URL to the identity provider's admin API.");
}

// Story pages are decided here, before Next.js renders them, from the cookies alone: the decision travels
// to the page in a request header that no client can supply, and a counted read sets the meter cookie.
const access = await getAccessModule(await getPlatform());
// Full-page story HTML is rendered once per address and decision shape and served compressed from memory.
const storyPages =
  !dev && env.storyCache.enabled
    ? await startStoryPageCache({ settings: env.storyCache, render: handle, db: (await getPlatform()).db })
    : undefined;

const server = createServer((req, res) => {
  if (identity?.handles(req.url)) return identity.listener(req, res);
  delete req.headers[ACCESS_HEADER];
  const story = storyRequest(req.method, req.url, req.headers);
  if (!story) return void handle(req, res);
  access.gate
    .decide({ cookieHeader: req.headers.cookie, slug: story.slug, count: story.count, gift: story.gift })
    .then((result) => {
      if (result) {
        req.headers[ACCESS_HEADER] = encodeGateResult(result);
        if (storyPages?.serve(req, res, result)) return;
        for (const cookie of result.setCookies) res.appendHeader('set-cookie', cookie);
      }
      return handle(req, res);
    })
    .catch((error: unknown) => {
      console.error('Deciding access failed', error);
      res.statusCode = 500;
      res.end('Something went wrong.');
    });
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
