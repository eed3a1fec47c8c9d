import { Hono, type Context } from 'hono';
import type { Database } from '@bof/db/client';
import type { IdentityConfig } from './identity-config';
import { createOutboxMailer, listOutbox, type Mailer } from './courier/mailer';
import { renderDevMailbox } from './courier/dev-mailbox-page';
import { readCookie, serializeCookie } from './http/cookies';
import { csrfCookieName, csrfTokenMatches, newCsrfSecret } from './http/csrf';
import { errors, KratosError } from './http/kratos-error';
import { readBody, wantsJson } from './http/request-body';
import { isAllowedReturnTo } from './http/return-to';
import { serializeIdentity, serializeSession } from './http/serialize';
import { WEBAUTHN_SCRIPT } from './http/webauthn-script';
import type { FlowContext } from './flows/flow-context';
import { minutesAgo, serializeFlow } from './flows/flow-common';
import type { FlowOutcome } from './flows/flow-outcome';
import { createLoginFlow, updateLoginFlow } from './flows/login-flow';
import { createRecoveryFlow, updateRecoveryFlow } from './flows/recovery-flow';
import { createRegistrationFlow, updateRegistrationFlow } from './flows/registration-flow';
import { createSettingsFlow, updateSettingsFlow } from './flows/settings-flow';
import { createVerificationFlow, updateVerificationFlow } from './flows/verification-flow';
import { completeOidc } from './flows/oidc-callback';
import { OIDC_STATE_COOKIE, oidcStateCookie } from './flows/oidc-start';
import { createOpenIdClient, type OpenIdClient } from './oidc/openid-client';
import { createFlowStore, type FlowRecord, type FlowType } from './store/flow-store';
import { createIdentityStore } from './store/identity-store';
import { createRateLimitStore } from './store/rate-limit-store';
import { createSessionStore } from './store/session-store';
import { texts } from './ui/ui-texts';

export const SESSION_COOKIE = 'ory_kratos_session';
const FLOW_TYPES: readonly FlowType[] = ['login', 'registration', 'recovery', 'verification', 'settings'];

export interface IdentityServerDeps {
  db: Database;
  config: IdentityConfig;
  /** E-mail port; the outbox table when omitted. */
  mailer?: Mailer;
  clock?: () => Date;
  /** The relying party of social sign-in; one with a discovery cache when omitted. */
  openId?: OpenIdClient;
}

export interface IdentityServer {
  /** The Kratos public API, for requests under `config.publicBaseUrl`. */
  fetch(request: Request): Promise<Response>;
  /** The development mailbox page (`/_dev/mail/`); 404 unless the embedded mode allows it. */
  devMailbox(request: Request): Promise<Response>;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'private, no-cache, no-store, must-revalidate',
      ...headers,
    },
  });

/**
 * The built-in identity server: Ory Kratos's public self-service and session API, as a fetch handler.
 * It serves the paths under `config.publicBaseUrl` (its path prefix, e.g. `/identity`, is kept in the
 * request URL), so the same handler runs mounted in the web process or on a port of its own.
 */
export function createIdentityServer(deps: IdentityServerDeps): IdentityServer {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const mailer = deps.mailer ?? createOutboxMailer(db);
  const openId = deps.openId ?? createOpenIdClient();
  const identities = createIdentityStore(db);
  const sessions = createSessionStore(db);
  const flows = createFlowStore(db);
  const limits = createRateLimitStore(db);
  const base = config.publicBaseUrl;
  const mount = new URL(base).pathname.replace(/\/+$/, '');
  const csrfCookie = csrfCookieName(base);
  const app = new Hono().basePath(mount || '/');

  /** Per-request state: the session, the CSRF secret (and whether its cookie must be set). */
  async function contextFor(
    request: Request,
  ): Promise<{ ctx: FlowContext; setCookies: string[]; sessionToken?: string }> {
    const now = clock();
    const cookieHeader = request.headers.get('cookie');
    const token =
      request.headers.get('x-session-token') ??
      /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ??
      readCookie(cookieHeader, SESSION_COOKIE);
    const session = token ? await sessions.findByToken(token, now) : undefined;
    const setCookies: string[] = [];
    let csrfSecret = readCookie(cookieHeader, csrfCookie);
    if (!csrfSecret || !/^[A-Za-z0-9_-]{43}$/.test(csrfSecret)) {
      csrfSecret = newCsrfSecret();
      setCookies.push(
        serializeCookie(csrfCookie, csrfSecret, { secure: config.secureCookies, maxAgeSeconds: 31_536_000 }),
      );
    }
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    const ctx: FlowContext = {
      config,
      identities,
      sessions,
      flows,
      mailer,
      openId,
      now,
      client: {
        ip: forwarded || request.headers.get('x-real-ip') || undefined,
        userAgent: request.headers.get('user-agent') ?? undefined,
      },
      session,
      csrfSecret,
    };
    return { ctx, setCookies, sessionToken: session ? token : undefined };
  }

  const redirect = (to: string, setCookies: string[] = []) => {
    const headers = new Headers({
      location: to,
      'cache-control': 'private, no-cache, no-store, must-revalidate',
    });
    for (const c of setCookies) headers.append('set-cookie', c);
    return new Response(null, { status: 303, headers });
  };
  const withCookies = (response: Response, setCookies: string[]) => {
    for (const c of setCookies) response.headers.append('set-cookie', c);
    return response;
  };
  const sessionCookie = (token: string) =>
    serializeCookie(SESSION_COOKIE, token, {
      secure: config.secureCookies,
      maxAgeSeconds: config.sessionLifespanSeconds,
    });
  const clearSessionCookie = () =>
    serializeCookie(SESSION_COOKIE, '', { secure: config.secureCookies, maxAgeSeconds: 0 });

  const uiUrl = (type: FlowType, id: string) => `${config.ui[type]}?flow=${id}`;

  /** Validated `return_to`, or undefined when none was given. */
  function returnToOf(url: URL): string | undefined {
    const value = url.searchParams.get('return_to');
    if (!value) return undefined;
    if (!isAllowedReturnTo(value, config.allowedReturnUrls)) throw errors.returnToForbidden();
    return value;
  }

  /** Answers a browser navigation with the error UI (the error stored), a script with JSON. */
  async function browserError(request: Request, error: KratosError, setCookies: string[] = []) {
    if (wantsJson(request)) return withCookies(json(error.body(), error.status, error.headers), setCookies);
    const redirectTo = error.extra.redirect_browser_to;
    if (typeof redirectTo === 'string') return redirect(redirectTo, setCookies);
    const id = await flows.addError(error.body().error as Record<string, unknown>, clock());
    return redirect(`${config.ui.error}?error=${id}`, setCookies);
  }

  async function identityOf(ctx: FlowContext) {
    return ctx.session ? identities.findById(ctx.session.identityId) : undefined;
  }

  async function flowJson(flow: FlowRecord, ctx: FlowContext, extra: Record<string, unknown> = {}) {
    if (flow.flowType !== 'settings') return serializeFlow(flow, extra);
    const identity = await identities.findById(flow.identityId!);
    return serializeFlow(flow, { identity: identity ? serializeIdentity(identity, base) : null, ...extra });
  }

  // ---- flow creation: /self-service/{type}/browser and /self-service/{type}/api
  for (const type of FLOW_TYPES) {
    for (const kind of ['browser', 'api'] as const) {
      app.get(`/self-service/${type}/${kind}`, async (c) => {
        const request = c.req.raw;
        const url = new URL(request.url);
        const { ctx, setCookies } = await contextFor(request);
        const cookies = kind === 'browser' ? setCookies : [];
        try {
          const returnTo = returnToOf(url);
          const requestUrl = `${base}/self-service/${type}/${kind}${url.search}`;
          const refresh = url.searchParams.get('refresh') === 'true';
          if ((type === 'login' && !refresh) || type === 'registration') {
            if (ctx.session) {
              if (kind === 'browser' && !wantsJson(request))
                return redirect(returnTo ?? config.defaultReturnUrl, cookies);
              throw errors.alreadyLoggedIn();
            }
          }
          let flow: FlowRecord;
          if (type === 'login')
            flow = createLoginFlow(ctx, kind, requestUrl, returnTo, {
              refresh,
              aal: url.searchParams.get('aal') ?? undefined,
            });
          else if (type === 'registration') flow = createRegistrationFlow(ctx, kind, requestUrl, returnTo);
          else if (type === 'recovery') flow = createRecoveryFlow(ctx, kind, requestUrl, returnTo);
          else if (type === 'verification') flow = createVerificationFlow(ctx, kind, requestUrl, returnTo);
          else {
            const identity = await identityOf(ctx);
            if (!identity) {
              if (kind === 'browser' && !wantsJson(request))
                return redirect(
                  `${base}/self-service/login/browser?return_to=${encodeURIComponent(config.ui.settings)}`,
                  cookies,
                );
              throw errors.noSession();
            }
            flow = createSettingsFlow(ctx, kind, requestUrl, returnTo, identity);
          }
          await flows.insert(flow);
          if (kind === 'browser' && !wantsJson(request)) return redirect(uiUrl(type, flow.id), cookies);
          return withCookies(json(await flowJson(flow, ctx)), cookies);
        } catch (error) {
          if (error instanceof KratosError) return browserError(request, error, cookies);
          throw error;
        }
      });
    }

    // ---- GET /self-service/{type}/flows?id=
    app.get(`/self-service/${type}/flows`, async (c) => {
      const { ctx } = await contextFor(c.req.raw);
      const id = c.req.query('id');
      if (!id) return json(errors.badRequest('The flow query parameter is missing.').body(), 400);
      const flow = await flows.find(id, type);
      if (!flow) return json(errors.notFound('The flow').body(), 404);
      if (flow.expiresAt <= ctx.now) {
        const replacement = await replaceExpired(ctx, flow);
        return json(errors.flowExpired(replacement.id, flow.expiresAt, ctx.now).body(), 410);
      }
      if (
        flow.kind === 'browser' &&
        !csrfTokenMatches(readCookie(c.req.header('cookie'), csrfCookie), flow.csrfToken)
      )
        return json(errors.csrf().body(), 403);
      if (type === 'settings') {
        if (!ctx.session) return json(errors.noSession().body(), 401);
        if (ctx.session.identityId !== flow.identityId) return json(errors.identityMismatch().body(), 403);
      }
      return json(await flowJson(flow, ctx));
    });

    // ---- POST /self-service/{type}?flow=
    app.post(`/self-service/${type}`, async (c) => {
      const request = c.req.raw;
      const { ctx, setCookies } = await contextFor(request);
      const jsonClient = wantsJson(request);
      try {
        const limited = await limits.hit(`ip:${ctx.client.ip ?? 'unknown'}`, config.rateLimitPerIp, ctx.now);
        if (limited) throw errors.tooManyRequests(limited);
        const flow = await flows.find(c.req.query('flow'), type);
        if (!flow) throw errors.notFound('The flow');
        const { body } = await readBody(request);
        const answerJson = jsonClient || flow.kind === 'api';
        if (flow.expiresAt <= ctx.now) {
          const replacement = await replaceExpired(ctx, flow);
          if (answerJson) throw errors.flowExpired(replacement.id, flow.expiresAt, ctx.now);
          return redirect(uiUrl(type, replacement.id), setCookies);
        }
        if (
          flow.kind === 'browser' &&
          !csrfTokenMatches(readCookie(request.headers.get('cookie'), csrfCookie), body.csrf_token)
        )
          throw errors.csrf();
        const identifier = identifierOf(body);
        if (identifier) {
          const perIdentifier = await limits.hit(
            `id:${type}:${identifier}`,
            config.rateLimitPerIdentifier,
            ctx.now,
          );
          if (perIdentifier) throw errors.tooManyRequests(perIdentifier);
        }
        let outcome: FlowOutcome;
        if (type === 'login') outcome = await updateLoginFlow(ctx, flow, body);
        else if (type === 'registration') outcome = await updateRegistrationFlow(ctx, flow, body);
        else if (type === 'recovery') outcome = await updateRecoveryFlow(ctx, flow, body);
        else if (type === 'verification') outcome = await updateVerificationFlow(ctx, flow, body);
        else {
          const identity = await identityOf(ctx);
          if (!identity) throw errors.noSession();
          if (identity.id !== flow.identityId) throw errors.identityMismatch();
          outcome = await updateSettingsFlow(ctx, flow, body, identity);
        }
        await flows.save(outcome.flow, ctx.now);
        return await answer(ctx, outcome, answerJson, setCookies);
      } catch (error) {
        if (!(error instanceof KratosError)) throw error;
        return browserError(request, error, setCookies);
      }
    });
  }

  /** A fresh flow of the same kind, carrying the "expired" message, for an expired one. */
  async function replaceExpired(ctx: FlowContext, old: FlowRecord): Promise<FlowRecord> {
    const returnTo = old.returnTo ?? undefined;
    const minutes = minutesAgo(ctx, old.expiresAt);
    let flow: FlowRecord;
    if (old.flowType === 'login') {
      flow = createLoginFlow(ctx, old.kind, old.requestUrl, returnTo, {
        refresh: Boolean(old.internal.refresh),
      });
      flow.ui.messages = [texts.loginFlowExpired(minutes)];
    } else if (old.flowType === 'registration') {
      flow = createRegistrationFlow(ctx, old.kind, old.requestUrl, returnTo);
      flow.ui.messages = [texts.registrationFlowExpired(minutes)];
    } else if (old.flowType === 'recovery') {
      flow = createRecoveryFlow(ctx, old.kind, old.requestUrl, returnTo);
      flow.ui.messages = [texts.recoveryFlowExpired(minutes)];
    } else if (old.flowType === 'verification') {
      flow = createVerificationFlow(ctx, old.kind, old.requestUrl, returnTo);
      flow.ui.messages = [texts.verificationFlowExpired(minutes)];
    } else {
      const identity = await identities.findById(old.identityId!);
      flow = createSettingsFlow(ctx, old.kind, old.requestUrl, returnTo, identity!);
      flow.ui.messages = [texts.settingsFlowExpired(minutes)];
    }
    await flows.insert(flow);
    return flow;
  }

  /** Turns a flow outcome into Kratos's answer for this client. */
  async function answer(
    ctx: FlowContext,
    outcome: FlowOutcome,
    answerJson: boolean,
    setCookies: string[],
  ): Promise<Response> {
    const { flow } = outcome;
    const browser = flow.kind === 'browser';
    switch (outcome.kind) {
      case 'flow': {
        if (!answerJson) return redirect(uiUrl(flow.flowType, flow.id), setCookies);
        const extra = outcome.continueWith?.length ? { continue_with: outcome.continueWith } : {};
        return withCookies(json(await flowJson(flow, ctx, extra), outcome.status), setCookies);
      }
      case 'session': {
        const cookies = [...setCookies];
        if (browser && outcome.token) cookies.push(sessionCookie(outcome.token));
        if (!answerJson) return redirect(outcome.browserRedirect ?? outcome.returnTo, cookies);
        const session = serializeSession(outcome.session, outcome.identity, base, ctx.now);
        const continueWith = [...outcome.continueWith];
        if (!browser && outcome.token)
          continueWith.unshift({ action: 'set_ory_session_token', ory_session_token: outcome.token });
        if (browser)
          continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: outcome.returnTo });
        const body: Record<string, unknown> = {
          session,
          ...(!browser && outcome.token ? { session_token: outcome.token } : {}),
          ...(outcome.registration ? { identity: session.identity } : {}),
          continue_with: continueWith,
        };
        return withCookies(json(body), cookies);
      }
      case 'provider': {
        const cookies = [...setCookies, ...outcome.cookies];
        if (!answerJson) return redirect(outcome.to, cookies);
        return withCookies(json(errors.locationChange(outcome.to).body(), 422), cookies);
      }
      case 'redirect': {
        const cookies = [...setCookies];
        if (browser && outcome.session) cookies.push(sessionCookie(outcome.session.token));
        if (!answerJson) return redirect(outcome.to, cookies);
        if (browser) return withCookies(json(errors.locationChange(outcome.to).body(), 422), cookies);
        return json(await flowJson(flow, ctx, { continue_with: outcome.continueWith }));
      }
    }
  }

  // ---- social sign-in: the provider sends the browser back here; Apple posts, and a GET follows so
  // that the browser sends its SameSite=Lax cookies (Kratos does the same).
  const oidcCallback = '/self-service/methods/oidc/callback/:provider';
  app.post(oidcCallback, async (c) => {
    const text = await c.req.text();
    if (text.length > 65_536) return json(errors.badRequest('The request body is too large.').body(), 400);
    const query = new URLSearchParams(text).toString();
    return redirect(
      `${base}/self-service/methods/oidc/callback/${encodeURIComponent(c.req.param('provider'))}?${query}`,
    );
  });

  app.get(oidcCallback, async (c) => {
    const request = c.req.raw;
    const { ctx, setCookies } = await contextFor(request);
    const cookies = [...setCookies, oidcStateCookie(config, undefined)];
    try {
      const result = await completeOidc(ctx, {
        providerId: c.req.param('provider'),
        params: new URL(request.url).searchParams,
        stateCookie: readCookie(request.headers.get('cookie'), OIDC_STATE_COOKIE),
      });
      switch (result.kind) {
        case 'signed_in':
          await flows.save(result.flow, ctx.now);
          return redirect(
            result.returnTo,
            result.token ? [...cookies, sessionCookie(result.token)] : cookies,
          );
        case 'flow':
          await flows.save(result.flow, ctx.now);
          return redirect(uiUrl(result.flow.flowType, result.flow.id), cookies);
        case 'expired': {
          const replacement = await replaceExpired(ctx, result.flow);
          return redirect(uiUrl(replacement.flowType, replacement.id), cookies);
        }
        case 'already_signed_in':
          return redirect(result.returnTo, cookies);
      }
    } catch (error) {
      if (error instanceof KratosError) return browserError(request, error, cookies);
      throw error;
    }
  });

  // ---- sessions
  app.get('/sessions/whoami', async (c) => {
    const { ctx } = await contextFor(c.req.raw);
    const identity = await identityOf(ctx);
    if (!ctx.session || !identity) return json(errors.noSession().body(), 401);
    if (identity.state !== 'active') return json(errors.noSession().body(), 401);
    return json(serializeSession(ctx.session, identity, base, ctx.now), 200, {
      'x-kratos-authenticated-identity-id': identity.id,
    });
  });

  app.get('/sessions', async (c) => {
    const { ctx } = await contextFor(c.req.raw);
    if (!ctx.session) return json(errors.noSession().body(), 401);
    const pageSize = Number(c.req.query('page_size') ?? c.req.query('per_page') ?? 250);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
      return json(errors.badRequest('page_size must be between 1 and 1000.').body(), 400);
    const tokenParam = c.req.query('page_token');
    const offset = tokenParam ? Number(Buffer.from(tokenParam, 'base64url').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0)
      return json(errors.badRequest('The page_token is invalid.').body(), 400);
    const rows = await sessions.listOthers(ctx.session.identityId, ctx.session.id, ctx.now, pageSize, offset);
    const page = rows.slice(0, pageSize);
    const link = (o: number, rel: string) =>
      `<${base}/sessions?page_size=${pageSize}&page_token=${Buffer.from(String(o)).toString('base64url')}>; rel="${rel}"`;
    const links = [link(0, 'first')];
    if (rows.length > pageSize) links.push(link(offset + pageSize, 'next'));
    return json(
      page.map((s) => serializeSession(s, undefined, base, ctx.now)),
      200,
      { link: links.join(',') },
    );
  });

  app.delete('/sessions', async (c) => {
    const { ctx } = await contextFor(c.req.raw);
    if (!ctx.session) return json(errors.noSession().body(), 401);
    return json({ count: await sessions.revokeOthers(ctx.session.identityId, ctx.session.id) });
  });

  app.delete('/sessions/:id', async (c) => {
    const { ctx } = await contextFor(c.req.raw);
    if (!ctx.session) return json(errors.noSession().body(), 401);
    const id = c.req.param('id');
    if (id === ctx.session.id)
      return json(
        errors.badRequest('You can not revoke the session you are using; log out instead.').body(),
        400,
      );
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await sessions.revokeOwn(ctx.session.identityId, id)))
      return json(errors.notFound('The session').body(), 404);
    return json(null, 204);
  });

  app.get('/sessions/token-exchange', async (c) => {
    const init = c.req.query('init_code');
    const returnToCode = c.req.query('return_to_code');
    if (!init || !returnToCode)
      return json(errors.badRequest('init_code and return_to_code are required.').body(), 400);
    // Native apps in this product sign in through API flows and get their token directly; no browser
    // hand-over was ever started, so no code pair can match.
    return json(errors.notFound('A session for these codes').body(), 404);
  });

  // ---- logout
  app.get('/self-service/logout/browser', async (c) => {
    const { ctx } = await contextFor(c.req.raw);
    if (!ctx.session || c.req.header('x-session-token')) return json(errors.noSession().body(), 401);
    let returnTo: string | undefined;
    try {
      returnTo = returnToOf(new URL(c.req.url));
    } catch (error) {
      if (error instanceof KratosError) return json(error.body(), error.status);
      throw error;
    }
    const token = await sessions.rotateLogoutToken(ctx.session.id);
    const query = new URLSearchParams({ token, ...(returnTo ? { return_to: returnTo } : {}) });
    return json({ logout_token: token, logout_url: `${base}/self-service/logout?${query.toString()}` });
  });

  app.get('/self-service/logout', async (c) => {
    const request = c.req.raw;
    const token = c.req.query('token');
    let returnTo: string | undefined;
    try {
      returnTo = returnToOf(new URL(request.url));
    } catch (error) {
      if (error instanceof KratosError) return browserError(request, error);
      throw error;
    }
    const session = token ? await sessions.findByLogoutToken(token) : undefined;
    if (!session) {
      const error = token ? errors.csrf() : errors.badRequest('The logout token is missing.');
      return browserError(request, error);
    }
    await sessions.revoke(session.id);
    if (wantsJson(request)) return withCookies(json(null, 204), [clearSessionCookie()]);
    return redirect(returnTo ?? config.afterLogoutUrl, [clearSessionCookie()]);
  });

  app.delete('/self-service/logout/api', async (c) => {
    let body: Record<string, unknown>;
    try {
      ({ body } = await readBody(c.req.raw));
    } catch (error) {
      if (error instanceof KratosError) return json(error.body(), error.status);
      throw error;
    }
    const token = typeof body.session_token === 'string' ? body.session_token : '';
    if (!token) return json(errors.badRequest('session_token is required.').body(), 400);
    const session = await sessions.findByToken(token, clock());
    if (!session) return json(errors.noSession().body(), 403);
    await sessions.revoke(session.id);
    return json(null, 204);
  });

  // ---- errors, schemas, health, webauthn
  app.get('/self-service/errors', async (c) => {
    const id = c.req.query('id') ?? '';
    const row = await flows.findError(id);
    if (!row) return json(errors.notFound('The error').body(), 404);
    return json({
      id: row.id,
      error: row.error,
      created_at: row.createdAt.toISOString(),
      updated_at: row.createdAt.toISOString(),
    });
  });

  app.get('/schemas/:id', (c) =>
    c.req.param('id') === Buffer.from('default').toString('base64url') || c.req.param('id') === 'default'
      ? json(IDENTITY_SCHEMA)
      : json(errors.notFound('The identity schema').body(), 404),
  );
  app.get('/health/alive', () => json({ status: 'ok' }));
  app.get('/health/ready', () => json({ status: 'ok' }));
  app.get(
    '/.well-known/ory/webauthn.js',
    () =>
      new Response(WEBAUTHN_SCRIPT, {
        headers: {
          'content-type': 'text/javascript; charset=UTF-8',
          'cache-control': 'public, max-age=3600',
        },
      }),
  );

  app.notFound(() => json(errors.notFound('The requested path').body(), 404));
  app.onError((error: Error, c: Context) => {
    if (error instanceof KratosError) return json(error.body(), error.status, error.headers);
    console.error('Identity server error', error);
    void c;
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

  return {
    fetch: (request) => Promise.resolve(app.fetch(request)),
    async devMailbox() {
      if (!config.devMailbox) return new Response('Not Found', { status: 404 });
      return new Response(renderDevMailbox(await listOutbox(db)), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    },
  };
}

/** The identifier a submission is about, for the per-identifier rate limit. */
function identifierOf(body: Record<string, unknown>): string | undefined {
  const traits = body.traits as Record<string, unknown> | undefined;
  const value = body.identifier ?? body.email ?? traits?.email;
  return typeof value === 'string' && value ? value.trim().toLowerCase() : undefined;
}

const IDENTITY_SCHEMA = {
  $id: 'https://schemas.ory.sh/presets/kratos/identity.email.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          'ory.sh/kratos': {
            credentials: { password: { identifier: true }, code: { identifier: true, via: 'email' } },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
        name: {
          type: 'object',
          properties: {
            first: { type: 'string', title: 'First name' },
            last: { type: 'string', title: 'Last name' },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
};
