import type { Database } from '@bof/db/client';
import { clientIp } from '@bof/http/client-ip';
import { clearCookieHeader, readCookie, setCookieHeader } from '@bof/http/cookies';
import type { IdentityConfig } from './identity-config';
import { createOutboxMailer, type Mailer } from './courier/mailer';
import type { WhoamiCache } from './cache/whoami-cache';
import { csrfCookieName, newCsrfSecret } from './http/csrf';
import { errors, type KratosError } from './http/kratos-error';
import { wantsJson } from './http/request-body';
import { json, redirect, withCookies } from './http/responses';
import { isAllowedReturnTo } from './http/return-to';
import { serializeIdentity, serializeSession } from './http/serialize';
import type { FlowContext } from './flows/flow-context';
import { minutesAgo, serializeFlow } from './flows/flow-common';
import type { FlowOutcome } from './flows/flow-outcome';
import { createLoginFlow } from './flows/login-flow';
import { createRecoveryFlow } from './flows/recovery-flow';
import { createRegistrationFlow } from './flows/registration-flow';
import { createSettingsFlow } from './flows/settings-flow';
import { createVerificationFlow } from './flows/verification-flow';
import { createOpenIdClient, type OpenIdClient } from './oidc/openid-client';
import { createFlowStore, type FlowRecord, type FlowType } from './store/flow-store';
import { createIdentityStore } from './store/identity-store';
import { createRateLimitStore } from './store/rate-limit-store';
import { createSessionStore, type SessionRecord } from './store/session-store';
import { createTokenExchangeStore } from './store/token-exchange-store';
import { texts } from './ui/ui-texts';

export const SESSION_COOKIE = 'ory_kratos_session';

/** What the node listener knows of a request that the fetch API does not carry. */
export interface ClientInfo {
  /** The socket's peer address. */
  remoteAddress?: string;
}

/** The session token a request carries: `X-Session-Token`, a bearer token, or the session cookie. */
export function sessionTokenOf(request: Request): string | undefined {
  return (
    request.headers.get('x-session-token') ??
    /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ??
    readCookie(request.headers.get('cookie'), SESSION_COOKIE)
  );
}

/**
 * The identity server's stores, settings and the helpers its routes share: the per-request context,
 * cookies, `return_to` checks, and the turning of a flow outcome into Kratos's answer for each client.
 */
export function createServerParts(deps: {
  db: Database;
  config: IdentityConfig;
  mailer?: Mailer;
  clock?: () => Date;
  openId?: OpenIdClient;
  cache?: WhoamiCache;
}) {
  const { db, config } = deps;
  const clock = deps.clock ?? (() => new Date());
  const mailer = deps.mailer ?? createOutboxMailer(db);
  const openId = deps.openId ?? createOpenIdClient();
  const identities = createIdentityStore(db);
  const sessions = createSessionStore(db);
  const flows = createFlowStore(db, config.secret);
  const exchanges = createTokenExchangeStore(db);
  const limits = createRateLimitStore(db);
  const base = config.publicBaseUrl;
  const csrfCookie = csrfCookieName(base);

  /** The session a request carries, if any and active. */
  async function sessionOf(request: Request, now: Date): Promise<SessionRecord | undefined> {
    const token = sessionTokenOf(request);
    return token ? sessions.findByToken(token, now) : undefined;
  }

  /**
   * Per-request state for the flows: the session, the client, and the browser's CSRF secret (made, with
   * its cookie in `setCookies`, when the browser has none; a caller answering an API flow drops it).
   */
  async function contextFor(
    request: Request,
    info: ClientInfo | undefined,
  ): Promise<{ ctx: FlowContext; setCookies: string[] }> {
    const now = clock();
    const session = await sessionOf(request, now);
    const setCookies: string[] = [];
    let csrfSecret = readCookie(request.headers.get('cookie'), csrfCookie);
    if (!csrfSecret || !/^[A-Za-z0-9_-]{43}$/.test(csrfSecret)) {
      csrfSecret = newCsrfSecret();
      setCookies.push(
        setCookieHeader(csrfCookie, csrfSecret, {
          secure: config.secureCookies,
          httpOnly: true,
          maxAgeSeconds: 31_536_000,
        }),
      );
    }
    const ctx: FlowContext = {
      config,
      identities,
      sessions,
      flows,
      exchanges,
      mailer,
      openId,
      now,
      client: {
        ip:
          clientIp({
            socketAddress: info?.remoteAddress,
            forwardedFor: request.headers.get('x-forwarded-for'),
            trustedProxies: config.trustedProxies,
          }) ?? undefined,
        userAgent: request.headers.get('user-agent') ?? undefined,
      },
      session,
      csrfSecret,
    };
    return { ctx, setCookies };
  }

  const sessionCookie = (token: string) =>
    setCookieHeader(SESSION_COOKIE, token, {
      secure: config.secureCookies,
      httpOnly: true,
      maxAgeSeconds: config.sessionLifespanSeconds,
    });
  const clearSessionCookie = () =>
    clearCookieHeader(SESSION_COOKIE, { secure: config.secureCookies, httpOnly: true });

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

  async function flowJson(flow: FlowRecord, extra: Record<string, unknown> = {}) {
    if (flow.flowType !== 'settings') return serializeFlow(flow, extra);
    const identity = await identities.findById(flow.identityId!);
    return serializeFlow(flow, { identity: identity ? serializeIdentity(identity, base) : null, ...extra });
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

  /**
   * Turns a flow outcome into Kratos's answer for this client: a browser form gets redirects and the
   * session cookie; JSON clients get the flow or the session; an API flow never gets a cookie.
   */
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
        return withCookies(json(await flowJson(flow, extra), outcome.status), setCookies);
      }
      case 'retry': {
        const { replacement } = outcome;
        if (!answerJson) return redirect(uiUrl(replacement.flowType, replacement.id), setCookies);
        if (outcome.json === 'get')
          return redirect(
            `${base}/self-service/${replacement.flowType}/flows?id=${replacement.id}`,
            setCookies,
          );
        const error = errors.flowReplaced('An error occured, please use the new flow.', replacement.id);
        return withCookies(json(error.body(), error.status), setCookies);
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
        return json(await flowJson(flow, { continue_with: outcome.continueWith }));
      }
    }
  }

  return {
    db,
    config,
    clock,
    base,
    mailer,
    openId,
    identities,
    sessions,
    flows,
    exchanges,
    limits,
    cache: deps.cache,
    csrfCookie,
    sessionOf,
    contextFor,
    sessionCookie,
    clearSessionCookie,
    uiUrl,
    returnToOf,
    browserError,
    flowJson,
    replaceExpired,
    answer,
  };
}

export type ServerParts = ReturnType<typeof createServerParts>;
