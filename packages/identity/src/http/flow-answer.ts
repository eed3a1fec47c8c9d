import type { IdentityConfig } from '../identity-config';
import { errors, type KratosError } from './kratos-error';
import { wantsJson } from './request-body';
import { json, redirect, withCookies } from './responses';
import { serializeIdentity, serializeSession } from './serialize';
import { sessionCookie } from './session-cookie';
import type { FlowContext } from '../flows/flow-context';
import { serializeFlow } from '../flows/flow-common';
import type { FlowOutcome } from '../flows/flow-outcome';
import type { FlowRecord, FlowStore, FlowType } from '../store/flow-store';
import type { IdentityStore } from '../store/identity-store';

/**
 * How the identity server answers about flows: the flow's screen in the site, the flow as Kratos's JSON,
 * an error for a browser or a script, and a flow outcome for each kind of client.
 */
export function createFlowAnswers(deps: {
  config: IdentityConfig;
  clock: () => Date;
  flows: Pick<FlowStore, 'addError'>;
  identities: Pick<IdentityStore, 'findById'>;
}) {
  const { config, clock, flows, identities } = deps;
  const base = config.publicBaseUrl;

  /** The site's page that renders the flow. */
  const uiUrl = (type: FlowType, id: string) => `${config.ui[type]}?flow=${id}`;

  /** Answers a browser navigation with the error UI (the error stored), a script with JSON. */
  async function browserError(request: Request, error: KratosError, setCookies: string[] = []) {
    if (wantsJson(request)) return withCookies(json(error.body(), error.status, error.headers), setCookies);
    const redirectTo = error.extra.redirect_browser_to;
    if (typeof redirectTo === 'string') return redirect(redirectTo, setCookies);
    const id = await flows.addError(error.body().error as Record<string, unknown>, clock());
    return redirect(`${config.ui.error}?error=${id}`, setCookies);
  }

  /** The flow in Kratos's JSON shape; a settings flow carries its identity. */
  async function flowJson(flow: FlowRecord, extra: Record<string, unknown> = {}) {
    if (flow.flowType !== 'settings') return serializeFlow(flow, extra);
    const identity = await identities.findById(flow.identityId!);
    return serializeFlow(flow, { identity: identity ? serializeIdentity(identity, base) : null, ...extra });
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
        if (browser && outcome.token) cookies.push(sessionCookie(config, outcome.token));
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
        if (browser && outcome.session) cookies.push(sessionCookie(config, outcome.session.token));
        if (!answerJson) return redirect(outcome.to, cookies);
        if (browser) return withCookies(json(errors.locationChange(outcome.to).body(), 422), cookies);
        return json(await flowJson(flow, { continue_with: outcome.continueWith }));
      }
    }
  }

  return { uiUrl, browserError, flowJson, answer };
}

export type FlowAnswers = ReturnType<typeof createFlowAnswers>;
