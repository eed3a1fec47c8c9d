import type { IdentityConfig } from '../identity-config';
import { errors } from '../http/kratos-error';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { csrfNode, fillValues, input } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { codeLoginNodes, loginWithCode } from '../strategy/code-strategy';
import { loginWithPassword, passwordLoginNodes } from '../strategy/password-strategy';
import type { FlowContext } from './flow-context';
import { newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import type { FlowSubmission } from './flow-submission';
import { linkAfterSignIn } from '../strategy/oidc-identity';
import { oidcNodes, submitOidc } from '../strategy/oidc-strategy';
import { refuseDisabledMethod } from './other-methods';
import { completedMethod, issueSession } from './sessions';

/** What a login strategy may do with the flow. */
export interface LoginSteps {
  /** The first screen, with the identifier filled in. */
  methodNodes(identifier?: string): UiNode[];
  /** Shows the flow again (400); without `messages`, with the flow's current ones. */
  fail(nodes: UiNode[], messages?: UiText[]): FlowOutcome;
  /** Signs in the identity the strategy authenticated with `method`. */
  complete(identityId: string, method: string): Promise<FlowOutcome>;
}

/** The first screen of a login flow: identifier with password or code, then any social providers. */
export function loginMethodNodes(config: IdentityConfig, csrf: string, identifier?: string): UiNode[] {
  return [
    csrfNode(csrf),
    input('default', 'identifier', 'email', {
      value: identifier ?? '',
      required: true,
      autocomplete: 'username webauthn',
      label: texts.labelGenerated('E-Mail'),
    }),
    ...passwordLoginNodes(),
    ...codeLoginNodes(),
    ...oidcNodes(config, 'login'),
  ];
}

export function createLoginFlow(
  ctx: FlowContext,
  kind: 'browser' | 'api',
  requestUrl: string,
  returnTo: string | undefined,
  options: { refresh: boolean; aal?: 'aal1' | 'aal2' },
): FlowRecord {
  const aal = options.aal ?? 'aal1';
  const flow = newFlow(ctx, {
    type: 'login',
    kind,
    requestUrl,
    returnTo,
    state: 'choose_method',
    internal: { refresh: options.refresh, requestedAal: aal },
    // No second factor is enabled here, so an AAL2 flow offers no method (Kratos renders the same).
    nodes: (csrf) => (aal === 'aal2' ? [csrfNode(csrf)] : loginMethodNodes(ctx.config, csrf)),
  });
  const messages = [];
  if (options.refresh && ctx.session) messages.push(texts.loginReAuth());
  if (aal === 'aal2') messages.push(texts.loginMfa());
  if (messages.length) flow.ui.messages = messages;
  return flow;
}

/** POST /self-service/login: password, a one-time code by e-mail in two steps, or a social provider. */
export async function updateLoginFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: FlowSubmission,
): Promise<FlowOutcome> {
  const aal2 = flow.internal.requestedAal === 'aal2';
  if (ctx.session && !flow.internal.refresh && !aal2) throw errors.alreadyLoggedIn();
  const method = body.method ?? (body.resend ? 'code' : undefined);
  const returnTo = flow.returnTo ?? ctx.config.defaultReturnUrl;
  const identifier = normaliseEmail(body.identifier ?? body.password_identifier ?? '');

  const steps: LoginSteps = {
    methodNodes: (value) => loginMethodNodes(ctx.config, flow.csrfToken, value),
    fail(nodes, messages = flow.ui.messages ?? []) {
      render(flow, ctx, nodes, messages);
      return { kind: 'flow', flow, status: 400 };
    },
    complete: (identityId, completed) => complete(ctx, flow, identityId, completed, returnTo),
  };

  const noStrategy = () => {
    refuseDisabledMethod('login', flow.kind, method);
    const nodes = aal2 ? [csrfNode(flow.csrfToken)] : steps.methodNodes(identifier);
    fillValues(nodes, body);
    return steps.fail(nodes, [texts.loginNoStrategy()]);
  };
  // The first-factor strategies are not responsible for an AAL2 flow, and no second factor is enabled.
  if (aal2) return noStrategy();

  if (method === 'oidc' || (!method && body.provider))
    return submitOidc(ctx, flow, body, (messages) => steps.fail(steps.methodNodes(), messages));
  if (method === 'password') return loginWithPassword(ctx, identifier, body.password ?? '', steps);
  if (method === 'code')
    return loginWithCode(ctx, flow, { identifier, code: body.code, resend: body.resend === 'code' }, steps);
  return noStrategy();
}

async function complete(
  ctx: FlowContext,
  flow: FlowRecord,
  identityId: string,
  method: string,
  returnTo: string,
): Promise<FlowOutcome> {
  const identity = (await ctx.identities.findById(identityId))!;
  const refuse = (message: UiText) => {
    render(flow, ctx, loginMethodNodes(ctx.config, flow.csrfToken), [message]);
    return { kind: 'flow', flow, status: 400 } as const;
  };
  if (identity.state !== 'active') return refuse(texts.identityDisabled());
  // A sign-in on an account-linking flow adds the social account it was started for.
  const linked = await linkAfterSignIn(ctx, flow, identity);
  if (!linked.ok) return refuse(linked.message);
  const methods = [completedMethod(ctx, method), ...(linked.method ? [linked.method] : [])];
  flow.state = 'passed_challenge';
  if (flow.internal.refresh && ctx.session) {
    if (ctx.session.identityId !== identityId) throw errors.identityMismatch();
    const added = methods[0]!;
    await ctx.sessions.refresh(ctx.session.id, added, ctx.now, ctx.config.sessionLifespanSeconds);
    const session = {
      ...ctx.session,
      authenticatedAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + ctx.config.sessionLifespanSeconds * 1000),
      authenticationMethods: [...ctx.session.authenticationMethods, added],
    };
    return { kind: 'session', flow, session, token: '', identity, returnTo, continueWith: [] };
  }
  const { session, token } = await issueSession(ctx, identityId, methods);
  return { kind: 'session', flow, session, token, identity, returnTo, continueWith: [] };
}
