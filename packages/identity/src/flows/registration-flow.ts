import type { IdentityConfig } from '../identity-config';
import { errors } from '../http/kratos-error';
import type { FlowRecord } from '../store/flow-store';
import type { Traits } from '../store/identity-store';
import { addNodeMessage, csrfNode } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { codeRegistrationNodes, registerWithCode, sendRegistrationCode } from '../strategy/code-strategy';
import { passwordRegistrationNodes, registerWithPassword } from '../strategy/password-strategy';
import type { FlowContext } from './flow-context';
import { newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import type { FlowSubmission } from './flow-submission';
import { oidcNodes, submitOidc } from '../strategy/oidc-strategy';
import { refuseDisabledMethod } from './other-methods';
import { parseTraits, traitNodes } from './traits';

/** What a registration strategy may do with the flow. */
export interface RegistrationSteps {
  /** The first screen, with these traits filled in. */
  methodNodes(traits?: Partial<Traits>): UiNode[];
  /** Shows the flow again (400). */
  fail(nodes: UiNode[], messages?: UiText[]): FlowOutcome;
  /** Where the browser goes once registered. */
  returnTo: string;
}

/** The first screen of a registration flow: traits with password or code, then any social providers. */
export function registrationMethodNodes(
  config: IdentityConfig,
  csrf: string,
  traits: Partial<Traits> = {},
): UiNode[] {
  return [
    csrfNode(csrf),
    ...traitNodes('default', traits),
    ...passwordRegistrationNodes(),
    ...codeRegistrationNodes(),
    ...oidcNodes(config, 'registration'),
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
  body: FlowSubmission,
): Promise<FlowOutcome> {
  if (ctx.session) throw errors.alreadyLoggedIn();
  const method = body.method ?? (body.resend ? 'code' : undefined);
  const returnTo = flow.returnTo ?? ctx.config.defaultReturnUrl;
  const steps: RegistrationSteps = {
    methodNodes: (traits) => registrationMethodNodes(ctx.config, flow.csrfToken, traits),
    fail(nodes, messages = []) {
      render(flow, ctx, nodes, messages);
      return { kind: 'flow', flow, status: 400 };
    },
    returnTo,
  };

  if (method === 'oidc' || (!method && body.provider))
    return submitOidc(ctx, flow, body, (messages) => steps.fail(steps.methodNodes(), messages));

  if (method === 'code' && flow.state === 'sent_email' && body.resend !== 'code')
    return registerWithCode(ctx, flow, body.code, steps);

  if (method !== 'password' && method !== 'code') {
    // No enabled strategy takes this method (Kratos asks each; none is responsible).
    refuseDisabledMethod('registration', flow.kind, method);
    const given = parseTraits(body.traits);
    return steps.fail(steps.methodNodes(given.ok ? given.traits : given.partial), [
      texts.registrationNoStrategy(),
    ]);
  }

  const parsed = parseTraits(body.traits);
  if (!parsed.ok) {
    const nodes = steps.methodNodes(parsed.partial);
    addNodeMessage(nodes, parsed.field, parsed.message);
    return steps.fail(nodes);
  }
  const traits = parsed.traits;
  const existing = await ctx.identities.findByEmail(traits.email);
  if (existing) {
    const types = [...new Set(existing.credentials.map((c) => c.type))];
    return steps.fail(steps.methodNodes(traits), [texts.duplicateWithHints(traits.email, types)]);
  }
  if (method === 'password') return registerWithPassword(ctx, flow, traits, body.password ?? '', steps);
  // method === 'code': the traits first, then the e-mailed code.
  return sendRegistrationCode(ctx, flow, traits, steps);
}
