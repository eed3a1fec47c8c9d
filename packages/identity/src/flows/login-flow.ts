import { templates } from '../courier/templates';
import type { IdentityConfig } from '../identity-config';
import { errors } from '../http/kratos-error';
import { verifyAgainstDummy, verifyPassword } from '../security/password-hasher';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { csrfNode, fillValues, input, submit, addNodeMessage } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { checkCode, sendCode } from './code-step';
import type { FlowContext } from './flow-context';
import { field, isEmail, newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import { linkAfterSignIn } from './oidc-identity';
import { oidcNodes, submitOidc } from './oidc-start';
import { refuseDisabledMethod } from './other-methods';
import { completedMethod, issueSession } from './sessions';

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
    input('password', 'password', 'password', {
      autocomplete: 'current-password',
      label: texts.labelPassword(),
    }),
    submit('password', 'method', 'password', texts.loginPassword()),
    submit('code', 'method', 'code', texts.loginCode()),
    ...oidcNodes(config, 'login'),
  ];
}

function codeSentNodes(csrf: string, identifier: string): UiNode[] {
  return [
    csrfNode(csrf),
    input('code', 'identifier', 'hidden', { value: identifier, required: true }),
    input('code', 'code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      label: texts.labelLoginCode(),
      maxlength: 6,
      pattern: '[0-9]*',
    }),
    submit('code', 'method', 'code', texts.labelContinue()),
    submit('code', 'resend', 'code', texts.labelResend()),
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
  body: Record<string, unknown>,
): Promise<FlowOutcome> {
  const aal2 = flow.internal.requestedAal === 'aal2';
  if (ctx.session && !flow.internal.refresh && !aal2) throw errors.alreadyLoggedIn();
  const method = field(body, 'method') ?? (field(body, 'resend') ? 'code' : undefined);
  const returnTo = flow.returnTo ?? ctx.config.defaultReturnUrl;
  const identifier = normaliseEmail(field(body, 'identifier') ?? field(body, 'password_identifier') ?? '');

  const fail = (nodes: UiNode[], messages = flow.ui.messages ?? []): FlowOutcome => {
    render(flow, ctx, nodes, messages);
    return { kind: 'flow', flow, status: 400 };
  };

  const noStrategy = () => {
    refuseDisabledMethod('login', flow.kind, method);
    const nodes = aal2
      ? [csrfNode(flow.csrfToken)]
      : loginMethodNodes(ctx.config, flow.csrfToken, identifier);
    fillValues(nodes, body);
    return fail(nodes, [texts.loginNoStrategy()]);
  };
  // The first-factor strategies are not responsible for an AAL2 flow, and no second factor is enabled.
  if (aal2) return noStrategy();

  if (method === 'oidc' || (!method && field(body, 'provider')))
    return submitOidc(ctx, flow, body, (messages) =>
      fail(loginMethodNodes(ctx.config, flow.csrfToken), messages),
    );

  if (method === 'password') {
    const password = field(body, 'password') ?? '';
    const nodes = loginMethodNodes(ctx.config, flow.csrfToken, identifier);
    if (!identifier) addNodeMessage(nodes, 'identifier', texts.required('identifier'));
    if (!password) addNodeMessage(nodes, 'password', texts.required('password'));
    if (!identifier || !password) return fail(nodes, []);
    const identity = await ctx.identities.findByCredential('password', identifier);
    const hashed = identity?.credentials.find((c) => c.type === 'password')?.config.hashed_password;
    const ok =
      typeof hashed === 'string'
        ? await verifyPassword(hashed, password)
        : await verifyAgainstDummy(password);
    if (!ok || !identity) return fail(nodes, [texts.invalidCredentials()]);
    return complete(ctx, flow, identity.id, 'password', returnTo);
  }

  if (method === 'code') {
    const resend = field(body, 'resend') === 'code';
    const code = field(body, 'code');
    if (flow.state === 'choose_method' || resend) {
      const address =
        flow.state === 'sent_email' && resend ? (flow.internal.codeAddress ?? identifier) : identifier;
      if (!address || !isEmail(address)) {
        const nodes = loginMethodNodes(ctx.config, flow.csrfToken, identifier);
        addNodeMessage(
          nodes,
          'identifier',
          address ? texts.invalidFormat(address) : texts.required('identifier'),
        );
        return fail(nodes, []);
      }
      // Known or not, the answer is the same: the e-mail itself tells an unknown address what to do.
      const identityId = await ctx.identities.findIdByEmail(address);
      await sendCode(ctx, flow, address, identityId ?? null, (c) =>
        identityId
          ? templates.loginCode(ctx.config, address, c)
          : templates.loginCodeUnknown(ctx.config, address, c),
      );
      flow.state = 'sent_email';
      return fail(codeSentNodes(flow.csrfToken, address), [texts.loginCodeSent()]);
    }
    const address = flow.internal.codeAddress ?? '';
    const nodes = codeSentNodes(flow.csrfToken, address);
    if (!code) {
      addNodeMessage(nodes, 'code', texts.required('code'));
      return fail(nodes, []);
    }
    const checked = await checkCode(ctx, flow, code);
    if (!checked.ok)
      return fail(nodes, [
        checked.reason === 'too_many' ? texts.codeSubmittedTooOften() : texts.loginCodeInvalid(),
      ]);
    const identity = await ctx.identities.findByEmail(checked.address);
    if (!identity)
      return fail(loginMethodNodes(ctx.config, flow.csrfToken, checked.address), [texts.noCodeUser()]);
    // The code proved the address: mark it verified, as Kratos does after a code login.
    await ctx.identities.markVerified(checked.address, ctx.now);
    flow.state = 'passed_challenge';
    return complete(ctx, flow, identity.id, 'code', returnTo);
  }

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
