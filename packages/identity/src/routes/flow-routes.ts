import type { Hono } from 'hono';
import { readCookie } from '@bof/http/cookies';
import { csrfTokenMatches } from '../http/csrf';
import { errors, KratosError } from '../http/kratos-error';
import { parseBody, wantsJson } from '../http/request-body';
import { json, redirect, withCookies } from '../http/responses';
import { FLOW_HANDLING, type FlowHandling } from '../flows/flow-handling';
import { flowPostSchema } from '../flows/flow-submission';
import type { ClientInfo } from '../http/request-context';
import type { RouteDeps } from './route-deps';
import type { FlowRecord, FlowType } from '../store/flow-store';
import { texts } from '../ui/ui-texts';
import { replaceExpiredFlow } from '../flows/replace-expired-flow';

/** Cookies a CDN in front may set, which Kratos ignores when it refuses browsers on API flows. */
const PROXY_COOKIE = /^(__cf|_cf|cf_)/;

/**
 * Kratos refuses a browser on an API flow (`flow.EnsureCSRF`): an `Origin` header means a script in a
 * page, a cookie means a browser; either would make the flow a CSRF vector, since API flows carry no
 * CSRF token. Returns the reason, or undefined for a request an app may send.
 */
function browserOnApiFlow(request: Request): string | undefined {
  if (request.headers.get('origin'))
    return 'The HTTP Request Header included the "Origin" key, indicating that this request was made as part of an AJAX request in a Browser. The flow however was initiated as an API request. To prevent potential misuse and mitigate several attack vectors including CSRF, the request has been blocked. Please consult the documentation.';
  const cookies = (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter((name) => name && !PROXY_COOKIE.test(name));
  if (cookies.length)
    return 'The HTTP Request Header included the "Cookie" key, indicating that this request was made by a Browser. The flow however was initiated as an API request. To prevent potential misuse and mitigate several attack vectors including CSRF, the request has been blocked. Please consult the documentation.';
  return undefined;
}

/** Kratos's answer to fetching an expired flow: 410, and where a new one starts (no new flow is made). */
function expiredOnFetch(parts: Pick<RouteDeps, 'base'>, flow: FlowRecord): KratosError {
  const type = flow.flowType;
  const ids = FLOW_HANDLING[type].expiredOnFetchId;
  if (flow.kind === 'browser') {
    const init = new URL(`${parts.base}/self-service/${type}/browser`);
    if (flow.returnTo) init.searchParams.set('return_to', flow.returnTo);
    return errors.expiredOnFetch(
      ids.browser,
      `The ${type} flow has expired. Redirect the user to the ${type} flow init endpoint to initialize a new ${type} flow.`,
      { redirect_to: init.toString(), return_to: flow.returnTo ?? '' },
    );
  }
  return errors.expiredOnFetch(
    ids.api,
    `The ${type} flow has expired. Call the ${type} flow init API endpoint to initialize a new ${type} flow.`,
    { api: `${parts.base}/self-service/${type}/api` },
  );
}

/** `aal` of a new login flow: none or `aal1`, or `aal2`; anything else is a 400, as in Kratos. */
function requestedAal(value: string | undefined): 'aal1' | 'aal2' {
  if (!value || value === 'aal1') return 'aal1';
  if (value === 'aal2') return 'aal2';
  throw errors.badRequest(
    `Unable to parse AuthenticationMethod Assurance Level (AAL): unknown case "${value}"`,
  );
}

/**
 * The self-service flows: creation (`/self-service/{type}/browser|api`), fetching by id (`/flows?id=`)
 * and submissions (`POST /self-service/{type}?flow=`), with Kratos's checks in Kratos's order.
 */
export function registerFlowRoutes(
  app: Hono<{ Bindings: ClientInfo }>,
  parts: Pick<
    RouteDeps,
    | 'config'
    | 'base'
    | 'clock'
    | 'flows'
    | 'identities'
    | 'limits'
    | 'exchanges'
    | 'csrfCookie'
    | 'contextFor'
    | 'sessionOf'
    | 'returnToOf'
    | 'uiUrl'
    | 'flowJson'
    | 'browserError'
    | 'answer'
  >,
) {
  const { config, flows, limits, exchanges, base } = parts;

  for (const [type, handling] of Object.entries(FLOW_HANDLING) as [FlowType, FlowHandling][]) {
    for (const kind of ['browser', 'api'] as const) {
      app.get(`/self-service/${type}/${kind}`, async (c) => {
        const request = c.req.raw;
        const url = new URL(request.url);
        const { ctx, setCookies } = await parts.contextFor(request, c.env);
        const cookies = kind === 'browser' ? setCookies : [];
        try {
          const returnTo = parts.returnToOf(url);
          const requestUrl = `${base}/self-service/${type}/${kind}${url.search}`;
          const refresh = url.searchParams.get('refresh') === 'true';
          const aal = type === 'login' ? requestedAal(url.searchParams.get('aal') ?? undefined) : 'aal1';
          if (aal === 'aal2' && !ctx.session) throw errors.aal1Required();
          if (handling.refusesSession({ refresh, aal }) && ctx.session) {
            if (kind === 'browser' && !wantsJson(request))
              return redirect(returnTo ?? config.defaultReturnUrl, cookies);
            throw errors.alreadyLoggedIn();
          }
          const identity =
            handling.forIdentity && ctx.session
              ? await parts.identities.findById(ctx.session.identityId)
              : undefined;
          if (handling.forIdentity && !identity) {
            if (kind === 'browser' && !wantsJson(request))
              return redirect(
                `${base}/self-service/login/browser?return_to=${encodeURIComponent(config.ui.settings)}`,
                cookies,
              );
            throw errors.noSession();
          }
          const flow = handling.create(ctx, { kind, requestUrl, returnTo, refresh, aal, identity });
          await flows.insert(flow);
          // A native sign-in that will pass through a browser gets the code that later fetches its token.
          const extra: Record<string, unknown> = {};
          if (
            kind === 'api' &&
            (type === 'login' || type === 'registration') &&
            url.searchParams.get('return_session_token_exchange_code') === 'true'
          )
            extra.session_token_exchange_code = await exchanges.open(flow.id, ctx.now);
          if (kind === 'browser' && !wantsJson(request)) return redirect(parts.uiUrl(type, flow.id), cookies);
          return withCookies(json(await parts.flowJson(flow, extra)), cookies);
        } catch (error) {
          if (error instanceof KratosError) return parts.browserError(request, error, cookies);
          throw error;
        }
      });
    }

    // ---- GET /self-service/{type}/flows?id=
    app.get(`/self-service/${type}/flows`, async (c) => {
      const id = c.req.query('id');
      if (!id) return json(errors.badRequest('The flow query parameter is missing.').body(), 400);
      const flow = await flows.find(id, type);
      if (!flow) return json(errors.notFound('The flow').body(), 404);
      if (
        flow.kind === 'browser' &&
        !csrfTokenMatches(readCookie(c.req.header('cookie'), parts.csrfCookie), flow.csrfToken)
      )
        return json(errors.csrf().body(), 403);
      const now = parts.clock();
      if (flow.expiresAt <= now) {
        const error = expiredOnFetch(parts, flow);
        return json(error.body(), error.status);
      }
      if (handling.forIdentity) {
        const session = await parts.sessionOf(c.req.raw, now);
        if (!session) return json(errors.noSession().body(), 401);
        if (session.identityId !== flow.identityId) return json(errors.identityMismatch().body(), 403);
      }
      return json(await parts.flowJson(flow));
    });

    // ---- POST /self-service/{type}?flow=
    app.post(`/self-service/${type}`, async (c) => {
      const request = c.req.raw;
      const { ctx, setCookies: browserCookies } = await parts.contextFor(request, c.env);
      let setCookies = browserCookies;
      const jsonClient = wantsJson(request);
      try {
        const limited = await limits.hit(`ip:${ctx.client.ip ?? 'unknown'}`, config.rateLimitPerIp, ctx.now);
        if (limited) throw errors.tooManyRequests(limited);
        const flow = await flows.find(c.req.query('flow'), type);
        if (!flow) throw errors.notFound('The flow');
        if (flow.kind === 'api') setCookies = [];
        const { submission: body, identifier } = await parseBody(request, flowPostSchema);
        const answerJson = jsonClient || flow.kind === 'api';
        if (flow.expiresAt <= ctx.now) {
          const replacement = await replaceExpiredFlow(ctx, flow);
          if (answerJson) throw errors.flowExpired(replacement.id, flow.expiresAt, ctx.now);
          return redirect(parts.uiUrl(type, replacement.id), setCookies);
        }
        if (flow.kind === 'api') {
          const refused = browserOnApiFlow(request);
          if (refused) {
            flow.ui = { ...flow.ui, messages: [texts.validationGeneric(refused)] };
            await flows.save(flow, ctx.now);
            return json(await parts.flowJson(flow), 400);
          }
        } else if (
          !csrfTokenMatches(readCookie(request.headers.get('cookie'), parts.csrfCookie), body.csrf_token)
        )
          throw errors.csrf();
        if (identifier) {
          const perIdentifier = await limits.hit(
            `id:${type}:${identifier}`,
            config.rateLimitPerIdentifier,
            ctx.now,
          );
          if (perIdentifier) throw errors.tooManyRequests(perIdentifier);
        }
        const outcome = await handling.update(ctx, flow, body);
        await flows.save(outcome.flow, ctx.now);
        return await parts.answer(ctx, outcome, answerJson, setCookies);
      } catch (error) {
        if (!(error instanceof KratosError)) throw error;
        // A signed-in browser submitting recovery is sent on (Kratos `RedirectOnAuthenticated`).
        if (type === 'recovery' && error.id === 'session_already_available' && !jsonClient)
          return redirect(config.defaultReturnUrl, setCookies);
        return parts.browserError(request, error, setCookies);
      }
    });
  }
}
