import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { ConfigurationError, getServerEnv, type ServerEnv } from '@bof/config/server';
import { createIdentityNodeHandler } from '@bof/identity/node';
import { startPlatform } from '@bof/api/start-platform';
import { createServices } from '@bof/api/services';
import { serveServices, stopServices } from '@bof/api/running-services';
import { CLIENT_ADDRESS_HEADER } from '@bof/http/client-ip';
import { createBuiltInIdentity } from './src/server/built-in-identity';
import {
  checkedFormPost,
  isPageFormPost,
  malformedRequest,
  refuseMalformedRequest,
} from './src/server/malformed-request';
import { handleStoryRequest } from './src/server/access/story-entry';
import { handleGoneJob } from './src/server/careers/gone-job';
import { collectorHandlers } from './src/server/collector/collector';
import { handleCollectorRequest } from './src/server/collector/collector-entry';
import { createProductGraphQLHandler } from './src/server/graphql/graphql-handler';
import { handleGraphQLRequest } from './src/server/graphql/graphql-entry';
import { createGraphQLAnswerCache, GRAPHQL_ANSWER_CACHE } from './src/server/graphql/graphql-answer-cache';
import { startStoryPageCache } from './src/server/access/story-page-server';
import { gracefulShutdown } from './src/server/graceful-shutdown';
import { createSecurityHeaders } from './src/server/security/security-headers';

// The product's one process: validates configuration, opens and migrates the database, seeds, builds the
// services (the composition root, @bof/api/services), then serves the Next.js app. SIGTERM and SIGINT
// drain in-flight requests and close the database.
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
const platform = await startPlatform(env);

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
// Its whoami cache hears of other processes' writes through the database (LISTEN identity_changes).
const builtInIdentity = createBuiltInIdentity(platform);
const { mounted } = builtInIdentity;
const identity = mounted
  ? createIdentityNodeHandler(mounted.server, new URL(mounted.publicBaseUrl).pathname)
  : undefined;

// Every module, built once. The e-mail change reaches the identity store through Kratos's admin API: the
// built-in server's, called in-process and never mounted on a path, or Ory Kratos's at IDENTITY_ADMIN_URL.
// E-mail codes and the contact pages' enquiries go out through the identity server's courier (SMTP, or
// the outbox at /_dev/mail/). Route code reads the services through @bof/api/running-services.
// A start that fails (the database does not answer in time, say) ends the process, so the orchestrator
// starts it again: Next.js's handler of uncaught errors would otherwise keep a process that never listens.
const services = await createServices(platform, builtInIdentity.ports).catch((error: unknown) => {
  console.error('Starting the services failed', error);
  process.exit(1);
});
serveServices(Promise.resolve(services));
// Background work on the job queue (docs/adr/0024): newsletter deliveries, the daily brief's and the
// weekly digest's schedules. Shutdown stops the workers gracefully with the services (services.close).
await services.newsletterSending
  .startWork({ pollingIntervalSeconds: env.databaseUrl ? 2 : 5 })
  .catch((error: unknown) => console.error('Starting the newsletter workers failed', error));
// The job alerts' weekly e-mails (Mondays 08:00 UTC), on the same queue.
await services.careers
  .startWork(services.jobs, { pollingIntervalSeconds: env.databaseUrl ? 2 : 5 })
  .catch((error: unknown) => console.error('Starting the job alert worker failed', error));
// Web Push notifications (ADR 39): new stories' fan-outs to their topics' followers, breaking news, and
// each delivery to a browser's push service, retried by the queue.
await services.notifications
  .startWork({ pollingIntervalSeconds: env.databaseUrl ? 2 : 5 })
  .catch((error: unknown) => console.error('Starting the notification workers failed', error));
if (!services.notifications.publicKey())
  console.warn('Push notifications are off: set WEB_PUSH_VAPID_PUBLIC_KEY, _PRIVATE_KEY and _SUBJECT.');
if (!services.emailChange)
  console.warn("E-mail changes are off: set IDENTITY_ADMIN_URL to the identity provider's admin API.");

// Every response carries the security headers (docs/security.md §3): a Content-Security-Policy with a
// nonce of its own, which Next.js puts on the scripts of the page it renders.
const securityHeaders = createSecurityHeaders(env, { development: dev });

// Story pages are decided here, before Next.js renders them, from the cookies alone: the decision travels
// to the page in a request header that no client can supply, and a counted read sets the meter cookie.
const { access } = services;
// Full-page story HTML is rendered once per address and decision shape and served compressed from memory.
const storyPages =
  !dev && env.storyCache.enabled
    ? startStoryPageCache({
        settings: env.storyCache,
        render: handle,
        content: access.index,
        detailed: env.debugMode,
        policyForHashes: securityHeaders.policyForHashes,
      })
    : undefined;
// An import or edit in any process (content_changes) empties the pages of the stories it names here.
if (storyPages) services.contentChanges.subscribe((change) => storyPages.invalidate(change));

const siteOrigin = new URL(env.siteUrl).origin;
const graphQLHandler = createProductGraphQLHandler(env);
// Anonymous GraphQL answers over published content and reference lists, given again from memory until
// the content changes (in any process: the same feed as the story pages) or 30 s have passed; nothing
// while the feed is not listening.
const graphQLAnswers = dev
  ? undefined
  : createGraphQLAnswerCache({ ...GRAPHQL_ANSWER_CACHE, listening: () => services.contentChanges.listening });
if (graphQLAnswers) services.contentChanges.subscribe(() => graphQLAnswers.clear());
const server = createServer((req, res) => {
  // Route handlers cannot see the socket: its peer address travels in a header no client can supply.
  req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? '';
  securityHeaders.apply(req, res);
  if (identity?.handles(req.url)) return identity.listener(req, res);
  const malformed = malformedRequest(req);
  if (malformed) return refuseMalformedRequest(res, malformed);
  if (isPageFormPost(req)) {
    return void checkedFormPost(req).then(
      (checked) =>
        checked.ok ? serve(checked.req, res) : refuseMalformedRequest(res, checked.reason, checked.status),
      () => refuseMalformedRequest(res, 'the form could not be read'),
    );
  }
  return serve(req, res);
});

// Idle keep-alive connections stay open longer than the proxies' in front (nginx and load balancers keep
// theirs 60 s): a client then never sends a request on a socket this server is closing at that moment,
// which it would see as ECONNRESET (Node's default is 5 s).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

function serve(req: IncomingMessage, res: ServerResponse): void {
  // The collector and GraphQL need nothing of Next.js: answered here, they skip its request handling.
  if (handleCollectorRequest(req, res, collectorHandlers)) return;
  if (
    handleGraphQLRequest(req, res, { handler: graphQLHandler, origin: siteOrigin, answers: graphQLAnswers })
  )
    return;
  if (handleStoryRequest(req, res, { gate: access.gate, handle, storyPages })) return;
  // A job listing closed over 30 days ago answers 410 Gone (spec: expired listings leave the board).
  const next = () => void handle(req, res);
  if (handleGoneJob(req, res, { page: (slug) => services.careers.page(slug), next })) return;
  return next();
}
server.listen(env.port, env.host, () => {
  console.log(
    `${env.siteName} ready on ${env.siteUrl} (${dev ? 'development' : 'production'}, ${env.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
  );
});

const shutdown = gracefulShutdown(server, {
  timeoutMs: env.shutdownTimeoutMs,
  close: stopServices,
  exit: (code) => process.exit(code),
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
