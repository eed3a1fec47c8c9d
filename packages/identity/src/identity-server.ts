import { Hono } from 'hono';
import { clientIp } from '@bof/http/client-ip';
import { readCookie } from '@bof/http/cookies';
import { isLoopbackIp } from '@bof/http/loopback';
import type { Database } from '@bof/db/client';
import type { IdentityConfig } from './identity-config';
import { createOutboxMailer, listOutbox, type Mailer } from './courier/mailer';
import { renderDevMailbox } from './courier/dev-mailbox-page';
import type { ChangeFeed } from './cache/change-feed';
import { createWhoamiCache, type WhoamiCache } from './cache/whoami-cache';
import { errors, KratosError } from './http/kratos-error';
import { json } from './http/responses';
import { createFlowAnswers } from './http/flow-answer';
import { createRequestContext, type ClientInfo } from './http/request-context';
import { createOpenIdClient, type OpenIdClient } from './oidc/openid-client';
import { registerFlowRoutes } from './routes/flow-routes';
import { registerLogoutRoutes } from './routes/logout-routes';
import { registerOidcRoutes } from './routes/oidc-routes';
import { registerPublicRoutes } from './routes/public-routes';
import type { RouteDeps } from './routes/route-deps';
import { createWhoami, registerSessionRoutes, type WhoamiAnswer } from './routes/session-routes';
import { SESSION_COOKIE } from './http/session-cookie';
import { onChange } from './store/change-bus';
import { createIdentityStores } from './store/identity-stores';
import { createPwnedPasswordsCheck, type BreachedPasswordCheck } from './security/breached-passwords';

export { SESSION_COOKIE } from './http/session-cookie';
export type { ClientInfo } from './http/request-context';

export interface IdentityServerDeps {
  db: Database;
  config: IdentityConfig;
  /** E-mail port; the outbox table when omitted. */
  mailer?: Mailer;
  clock?: () => Date;
  /** The relying party of social sign-in; one with a discovery cache when omitted. */
  openId?: OpenIdClient;
  /**
   * The database's announcements of committed changes (LISTEN `identity_changes`). With it, whoami
   * answers are cached while it is up; without it there is no cache, since another process's write (a
   * revocation, a disabled identity) could not reach this one.
   */
  changeFeed?: ChangeFeed;
  /** Bounds of the whoami cache. */
  whoamiCache?: { maxEntries?: number; ttlMs?: number };
  /** The breached-password check; by default the Pwned Passwords API when the config names it. */
  breachedPasswords?: BreachedPasswordCheck;
  /** How often expired flows, codes, sessions, counters and errors are deleted; 0 never (default 10 min). */
  pruneIntervalMs?: number;
}

/** The answer of the outbox to a client on another machine. */
export const DEV_TOOLS_LOOPBACK_ONLY =
  'The development outbox answers only requests from this machine. Set DEV_TOOLS_ALLOW_REMOTE=1 to open it to others.';

/** What one housekeeping pass deleted. */
export interface PruneResult {
  flows: number;
  errors: number;
  sessions: number;
  rateLimits: number;
}

export interface IdentityServer {
  /**
   * The Kratos public API, for requests under `config.publicBaseUrl`; `client.remoteAddress` is the
   * socket's peer (the client IP, unless `config.trustedProxies` says which forwarded entry is).
   */
  fetch(request: Request, client?: ClientInfo): Promise<Response>;
  /**
   * In process, what `GET /sessions/whoami` answers a request carrying these cookies: the JSON body of the
   * session (cached as the route's), or null where the route answers 401. Spares a caller in the same
   * process the request and response objects.
   */
  whoami(cookieHeader: string): Promise<WhoamiAnswer | null>;
  /**
   * The development mailbox page (`/_dev/mail/`); 404 unless the embedded mode allows it, and 403 to a
   * client on another machine unless `config.devToolsAllowRemote` (it shows every reader's codes).
   */
  devMailbox(request: Request, client?: ClientInfo): Promise<Response>;
  /** Deletes what has expired (also done on a timer). */
  prune(now?: Date): Promise<PruneResult>;
  /** Stops the timer and the change feed. */
  close(): Promise<void>;
}

/**
 * The built-in identity server: Ory Kratos's public self-service and session API, as a fetch handler.
 * It serves the paths under `config.publicBaseUrl` (its path prefix, e.g. `/identity`, is kept in the
 * request URL), so the same handler runs mounted in the web process or on a port of its own.
 */
export function createIdentityServer(deps: IdentityServerDeps): IdentityServer {
  const { db, config } = deps;
  let cache: WhoamiCache | undefined;
  const stops: (() => void | Promise<void>)[] = [];
  if (deps.changeFeed) {
    const whoami = createWhoamiCache({
      maxEntries: deps.whoamiCache?.maxEntries ?? 10_000,
      ttlMs: deps.whoamiCache?.ttlMs ?? 10_000,
    });
    cache = whoami;
    // This process's writes drop their answers before the writer answers; other processes' arrive by
    // the feed once committed. Until the feed listens (and whenever it is lost) nothing is cached.
    stops.push(onChange(db, whoami.invalidate));
    const feed = deps.changeFeed;
    void feed
      .start(whoami.invalidate, whoami.setFeedUp)
      .catch((error: unknown) => console.error('The identity change feed did not start', error));
    stops.push(() => feed.stop());
  }
  const clock = deps.clock ?? (() => new Date());
  const stores = createIdentityStores(db, config);
  const requests = createRequestContext({
    config,
    clock,
    services: {
      identities: stores.identities,
      sessions: stores.sessions,
      flows: stores.flows,
      exchanges: stores.exchanges,
      mailer: deps.mailer ?? createOutboxMailer(db),
      openId: deps.openId ?? createOpenIdClient(),
      breachedPasswords:
        deps.breachedPasswords ??
        (config.breachedPasswordCheckUrl
          ? createPwnedPasswordsCheck({ baseUrl: config.breachedPasswordCheckUrl })
          : undefined),
    },
  });
  const answers = createFlowAnswers({ config, clock, ...stores });
  const parts: RouteDeps = {
    ...stores,
    ...requests,
    ...answers,
    config,
    clock,
    base: config.publicBaseUrl,
    cache,
  };
  const mount = new URL(config.publicBaseUrl).pathname.replace(/\/+$/, '');
  const app = new Hono<{ Bindings: ClientInfo }>().basePath(mount || '/');

  registerFlowRoutes(app, parts);
  registerOidcRoutes(app, parts);
  registerSessionRoutes(app, parts);
  registerLogoutRoutes(app, parts);
  registerPublicRoutes(app, parts);

  app.notFound(() => json(errors.notFound('The requested path').body(), 404));
  app.onError((error: Error) => {
    if (error instanceof KratosError) return json(error.body(), error.status, error.headers);
    console.error('Identity server error', error);
    return json(
      {
        error: {
          code: 500,
          status: 'Internal Server Error',
          message: 'An internal server error occurred, please contact the system administrator',
        },
      },
      500,
    );
  });

  async function prune(now = clock()): Promise<PruneResult> {
    const { flows, errors: errorCount } = await stores.flows.prune(now);
    const sessions = await stores.sessions.prune(now);
    const rateLimits = await stores.limits.prune(now);
    return { flows, errors: errorCount, sessions, rateLimits };
  }

  const interval = deps.pruneIntervalMs ?? 600_000;
  if (interval > 0) {
    const timer = setInterval(() => {
      prune().catch((error: unknown) => console.error('Identity housekeeping failed', error));
    }, interval);
    timer.unref();
    stops.push(() => clearInterval(timer));
  }

  const whoami = createWhoami(parts);

  return {
    fetch: (request, client = {}) => Promise.resolve(app.fetch(request, client)),
    async whoami(cookieHeader) {
      const token = readCookie(cookieHeader, SESSION_COOKIE);
      return token ? whoami(token) : null;
    },
    async devMailbox(request, client = {}) {
      if (!config.devMailbox) return new Response('Not Found', { status: 404 });
      const ip = clientIp({
        socketAddress: client.remoteAddress,
        forwardedFor: request.headers.get('x-forwarded-for'),
        trustedProxies: config.trustedProxies,
      });
      if (!config.devToolsAllowRemote && !isLoopbackIp(ip))
        return new Response(DEV_TOOLS_LOOPBACK_ONLY, {
          status: 403,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
        });
      return new Response(renderDevMailbox(await listOutbox(db)), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    },
    prune,
    async close() {
      for (const stop of stops.splice(0)) await stop();
    },
  };
}
