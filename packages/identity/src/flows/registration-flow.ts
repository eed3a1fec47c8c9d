import { templates } from '../courier/templates';
import type { IdentityConfig } from '../identity-config';
import { errors } from '../http/kratos-error';
import { checkPassword } from '../security/password-policy';
import { hashPassword } from '../security/password-hasher';
import type { FlowRecord } from '../store/flow-store';
import type { Traits } from '../store/identity-store';
import { addNodeMessage, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import { checkCode, sendCode } from './code-step';
import type { FlowContext } from './flow-context';
import { field, newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import { oidcNodes, submitOidc } from './oidc-start';
import { refuseDisabledMethod } from './other-methods';
import { completedMethod, issueSession } from './sessions';
import { parseTraits, traitNodes } from './traits';
import { startVerification } from './verification-flow';

/** The first screen of a registration flow: traits with password or code, then any social providers. */
export function registrationMethodNodes(
  config: IdentityConfig,
  csrf: string,
  traits: Partial<Traits> = {},
): UiNode[] {
  return [
    csrfNode(csrf),
    ...traitNodes('default', traits),
    input('password', 'password', 'password', { autocomplete: 'new-password', label: texts.labelPassword() }),
    submit('password', 'method', 'password', texts.registration()),
    submit('code', 'method', 'code', texts.registrationCode()),
    ...oidcNodes(config, 'registration'),
  ];
}

function codeSentNodes(csrf: string, traits: Partial<Traits>): UiNode[] {
  return [
    csrfNode(csrf),
    ...traitNodes('code', traits, true),
    input('code', 'code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      label: texts.labelRegistrationCode(),
      maxlength: 6,
      pattern: '[0-9]*',
    }),
    submit('code', 'method', 'code', texts.labelContinue()),
    submit('code', 'resend', 'code', texts.labelResend()),
  ];
}

export function createRegistrationFlow(
  ctx: FlowContext,
  kind: 'browser' | 'api',
  requestUrl: string,
  returnTo: string | undefined,
) {
  return newFlow(ctx, {
    type: 'registration',
    kind,
    requestUrl,
    returnTo,
    state: 'choose_method',
    nodes: (csrf) => registrationMethodNodes(ctx.config, csrf),
  });
}

/** POST /self-service/registration: password, traits then an e-mailed code, or a social provider. */
export async function updateRegistrationFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: Record<string, unknown>,
): Promise<FlowOutcome> {
  if (ctx.session) throw errors.alreadyLoggedIn();
  const method = field(body, 'method') ?? (field(body, 'resend') ? 'code' : undefined);
  const returnTo = flow.returnTo ?? ctx.config.defaultReturnUrl;
  const fail = (nodes: UiNode[], messages: FlowRecord['ui']['messages'] = []): FlowOutcome => {
    render(flow, ctx, nodes, messages);
    return { kind: 'flow', flow, status: 400 };
  };

  if (method === 'oidc' || (!method && field(body, 'provider')))
    return submitOidc(ctx, flow, body, (messages) =>
      fail(registrationMethodNodes(ctx.config, flow.csrfToken), messages),
    );

  if (method === 'code' && flow.state === 'sent_email' && field(body, 'resend') !== 'code') {
    const traits = (flow.internal.codeTraits ?? {}) as unknown as Traits;
    const nodes = codeSentNodes(flow.csrfToken, traits);
    const code = field(body, 'code');
    if (!code) {
      addNodeMessage(nodes, 'code', texts.required('code'));
      return fail(nodes);
    }
    const checked = await checkCode(ctx, flow, code);
    if (!checked.ok)
      return fail(nodes, [
        checked.reason === 'too_many' ? texts.codeSubmittedTooOften() : texts.registrationCodeInvalid(),
      ]);
    const identity = await ctx.identities.create({
      traits,
      verified: true,
      credentials: [
        {
          type: 'code',
          identifier: traits.email,
          config: { addresses: [{ channel: 'email', address: traits.email }] },
        },
      ],
      now: ctx.now,
    });
    if (!identity)
      return fail(registrationMethodNodes(ctx.config, flow.csrfToken, traits), [
        texts.duplicateWithHints(traits.email, ['password', 'code']),
      ]);
    flow.state = 'passed_challenge';
    const { session, token } = await issueSession(ctx, identity.id, [completedMethod(ctx, 'code')]);
    return {
      kind: 'session',
      flow,
      session,
      token,
      identity,
      returnTo,
      continueWith: [],
      registration: true,
    };
  }

  if (method !== 'password' && method !== 'code') {
    // No enabled strategy takes this method (Kratos asks each; none is responsible).
    refuseDisabledMethod('registration', flow.kind, method);
    const given = parseTraits(body.traits);
    return fail(
      registrationMethodNodes(ctx.config, flow.csrfToken, given.ok ? given.traits : given.partial),
      [texts.registrationNoStrategy()],
    );
  }

  const parsed = parseTraits(body.traits);
  if (!parsed.ok) {
    const nodes = registrationMethodNodes(ctx.config, flow.csrfToken, parsed.partial);
    addNodeMessage(nodes, parsed.field, parsed.message);
    return fail(nodes);
  }
  const traits = parsed.traits;
  const existing = await ctx.identities.findByEmail(traits.email);
  if (existing) {
    const types = [...new Set(existing.credentials.map((c) => c.type))];
    return fail(registrationMethodNodes(ctx.config, flow.csrfToken, traits), [
      texts.duplicateWithHints(traits.email, types),
    ]);
  }

  if (method === 'password') {
    const password = field(body, 'password') ?? '';
    const nodes = registrationMethodNodes(ctx.config, flow.csrfToken, traits);
    if (!password) {
      addNodeMessage(nodes, 'password', texts.required('password'));
      return fail(nodes);
    }
    const verdict = checkPassword(password, traits.email);
    if (!verdict.ok) {
      addNodeMessage(nodes, 'password', texts.password(verdict.id, verdict.text, verdict.context));
      return fail(nodes);
    }
    const identity = await ctx.identities.create({
      traits,
      verified: false,
      credentials: [
        {
          type: 'password',
          identifier: traits.email,
          config: { hashed_password: await hashPassword(password) },
        },
        {
          type: 'code',
          identifier: traits.email,
          config: { addresses: [{ channel: 'email', address: traits.email }] },
        },
      ],
      now: ctx.now,
    });
    if (!identity) return fail(nodes, [texts.duplicateWithHints(traits.email, ['password', 'code'])]);
    flow.state = 'passed_challenge';
    const { session, token } = await issueSession(ctx, identity.id, [completedMethod(ctx, 'password')]);
    const verification = await startVerification(ctx, flow.kind, returnTo, traits.email);
    return {
      kind: 'session',
      flow,
      session,
      token,
      identity,
      returnTo,
      registration: true,
      browserRedirect: `${ctx.config.ui.verification}?flow=${verification.id}`,
      continueWith: [
        {
          action: 'show_verification_ui',
          flow: {
            id: verification.id,
            verifiable_address: traits.email,
            url: `${ctx.config.ui.verification}?flow=${verification.id}`,
          },
        },
      ],
    };
  }

  // method === 'code': the traits first, then the e-mailed code.
  await sendCode(ctx, flow, traits.email, null, (c) =>
    templates.registrationCode(ctx.config, traits.email, c),
  );
  flow.internal.codeTraits = traits as unknown as Record<string, unknown>;
  flow.state = 'sent_email';
  return fail(codeSentNodes(flow.csrfToken, traits), [texts.registrationCodeSent()]);
}
