import type { Hono } from 'hono';
import { readCookie } from '@bof/http/cookies';
import { errors, KratosError } from '../http/kratos-error';
import { readCappedText } from '../http/request-body';
import { json, redirect, withCookies } from '../http/responses';
import { serializeSession } from '../http/serialize';
import { completeOidc, type OidcCallbackResult } from '../strategy/oidc-callback';
import { OIDC_STATE_COOKIE, oidcStateCookie } from '../strategy/oidc-strategy';
import type { FlowContext } from '../flows/flow-context';
import { replaceExpiredFlow } from '../flows/replace-expired-flow';
import { sessionCookie } from '../http/session-cookie';
import type { ClientInfo } from '../http/request-context';
import type { RouteDeps } from './route-deps';

/** What a provider's form post may carry back (OpenID Connect `form_post`; Apple adds `user`). */
const CALLBACK_FIELDS = [
  'code',
  'state',
  'error',
  'error_description',
  'error_uri',
  'id_token',
  'iss',
  'user',
];
/** The longest query the form post is turned into: a redirect's address must fit any client's header limits. */
const CALLBACK_QUERY_LIMIT = 8_192;

/** `to` with `name=value` added to its query. */
function withQuery(to: string, values: Record<string, string>): string {
  const url = new URL(to);
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The provider's return. A browser flow ends in this browser (cookie, redirect). A native flow never
 * gives this browser a cookie: with a token exchange the browser is sent back to the app's `return_to`
 * with a return-to code (the app fetches its token with both codes), without one the answer is the JSON
 * an app expects. So a callback link made by someone else can never sign a browser in to their account.
 */
export function registerOidcRoutes(
  app: Hono<{ Bindings: ClientInfo }>,
  parts: Pick<
    RouteDeps,
    'base' | 'config' | 'flows' | 'exchanges' | 'contextFor' | 'browserError' | 'uiUrl' | 'flowJson'
  >,
) {
  const { base, config, flows, exchanges } = parts;
  const callback = '/self-service/methods/oidc/callback/:provider';

  // Apple posts; a GET of the same callback follows so the browser sends its SameSite=Lax cookies.
  app.post(callback, async (c) => {
    let text: string;
    try {
      text = await readCappedText(c.req.raw, 65_536);
    } catch (error) {
      if (error instanceof KratosError) return json(error.body(), error.status);
      throw error;
    }
    // Only the fields an answer has go on: anything else in the body is not the provider's.
    const posted = new URLSearchParams(text);
    const kept = new URLSearchParams();
    for (const field of CALLBACK_FIELDS) {
      const value = posted.get(field);
      if (value !== null) kept.set(field, value);
    }
    const query = kept.toString();
    if (query.length > CALLBACK_QUERY_LIMIT) {
      const error = errors.badRequest('The answer posted back from the provider is too long.');
      return json(error.body(), error.status);
    }
    return redirect(
      `${base}/self-service/methods/oidc/callback/${encodeURIComponent(c.req.param('provider'))}${query ? `?${query}` : ''}`,
    );
  });

  app.get(callback, async (c) => {
    const request = c.req.raw;
    const { ctx, setCookies } = await parts.contextFor(request, c.env);
    const cookies = [...setCookies, oidcStateCookie(config, undefined)];
    let result: OidcCallbackResult;
    try {
      result = await completeOidc(ctx, {
        providerId: c.req.param('provider'),
        params: new URL(request.url).searchParams,
        stateCookie: readCookie(request.headers.get('cookie'), OIDC_STATE_COOKIE),
        exchange: (flow) => exchanges.has(flow.id),
      });
    } catch (error) {
      if (error instanceof KratosError) return parts.browserError(request, error, cookies);
      throw error;
    }
    if (result.flow.kind === 'api') return answerNative(ctx, result, cookies);
    switch (result.kind) {
      case 'signed_in': {
        await flows.save(result.flow, ctx.now);
        const { token } = result.signedIn;
        const returnTo = result.flow.returnTo ?? config.defaultReturnUrl;
        return redirect(returnTo, token ? [...cookies, sessionCookie(config, token)] : cookies);
      }
      case 'flow':
        await flows.save(result.flow, ctx.now);
        return redirect(parts.uiUrl(result.flow.flowType, result.flow.id), cookies);
      case 'link':
        await flows.save(result.flow, ctx.now);
        return redirect(withQuery(parts.uiUrl('login', result.loginFlow.id), { no_org_ui: 'true' }), cookies);
      case 'expired': {
        const replacement = await replaceExpiredFlow(ctx, result.flow);
        return redirect(parts.uiUrl(replacement.flowType, replacement.id), cookies);
      }
      case 'already_signed_in':
        return redirect(result.returnTo, cookies);
    }
  });

  async function answerNative(ctx: FlowContext, result: OidcCallbackResult, cookies: string[]) {
    const flow = result.flow;
    const returnTo = flow.returnTo ?? config.defaultReturnUrl;
    const exchanged = await exchanges.has(flow.id);
    if (result.kind === 'expired') {
      const replacement = await replaceExpiredFlow(ctx, flow);
      const error = errors.flowExpired(replacement.id, flow.expiresAt, ctx.now);
      return withCookies(json(error.body(), error.status), cookies);
    }
    await flows.save(flow, ctx.now);
    if (result.kind === 'link') {
      if (exchanged) await exchanges.move(flow.id, result.loginFlow.id);
      if (exchanged)
        return redirect(withQuery(returnTo, { flow: result.loginFlow.id, no_org_ui: 'true' }), cookies);
      return withCookies(json(await parts.flowJson(result.loginFlow), 400), cookies);
    }
    if (result.kind === 'signed_in') {
      const { session, token, identity } = result.signedIn;
      if (exchanged) {
        const code = await exchanges.complete(flow.id, { id: session.id, token });
        return redirect(withQuery(returnTo, { code: code! }), cookies);
      }
      return withCookies(
        json({
          session: serializeSession(session, identity, base, ctx.now),
          session_token: token,
          continue_with: [{ action: 'set_ory_session_token', ory_session_token: token }],
        }),
        cookies,
      );
    }
    // Refused (the flow says why), or signed in already: the app reads the flow with its codes.
    if (exchanged) {
      const code = await exchanges.complete(flow.id, undefined);
      return redirect(withQuery(returnTo, { code: code! }), cookies);
    }
    return withCookies(json(await parts.flowJson(flow), 400), cookies);
  }
}
