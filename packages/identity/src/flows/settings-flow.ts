import { errors } from '../http/kratos-error';
import { checkPassword } from '../security/password-policy';
import { hashPassword, verifyPassword } from '../security/password-hasher';
import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import { addNodeMessage, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import type { FlowContext } from './flow-context';
import { field, newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import { refuseDisabledMethod } from './other-methods';
import { parseTraits, traitNodes } from './traits';
import { startVerification } from './verification-flow';

const nodesFor = (csrf: string, traits: Partial<Traits>): UiNode[] => [
  csrfNode(csrf),
  ...traitNodes('profile', traits),
  submit('profile', 'method', 'profile', texts.labelSave()),
  input('password', 'password', 'password', {
    required: true,
    autocomplete: 'new-password',
    label: texts.labelPassword(),
  }),
  submit('password', 'method', 'password', texts.labelSave()),
];

export function createSettingsFlow(
  ctx: FlowContext,
  kind: 'browser' | 'api',
  requestUrl: string,
  returnTo: string | undefined,
  identity: IdentityRecord,
) {
  return newFlow(ctx, {
    type: 'settings',
    kind,
    requestUrl,
    returnTo,
    state: 'show_form',
    identityId: identity.id,
    nodes: (csrf) => nodesFor(csrf, identity.traits),
  });
}

/** Changing the e-mail or the password needs a recent sign-in (Kratos's privileged session). */
function ensurePrivileged(ctx: FlowContext, flow: FlowRecord) {
  const age = (ctx.now.getTime() - ctx.session!.authenticatedAt.getTime()) / 1000;
  if (age <= ctx.config.privilegedSessionMaxAgeSeconds) return;
  const back = `${ctx.config.ui.settings}?flow=${flow.id}`;
  throw errors.refreshRequired(
    `${ctx.config.publicBaseUrl}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(back)}`,
  );
}

/** POST /self-service/settings: `profile` (traits) or `password`. */
export async function updateSettingsFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: Record<string, unknown>,
  identity: IdentityRecord,
): Promise<FlowOutcome> {
  const method = field(body, 'method');
  const fail = (nodes: UiNode[], messages: FlowRecord['ui']['messages'] = []): FlowOutcome => {
    flow.state = 'show_form';
    render(flow, ctx, nodes, messages);
    return { kind: 'flow', flow, status: 400 };
  };
  const continueWith: Record<string, unknown>[] = [];

  if (method === 'profile') {
    const parsed = parseTraits(body.traits);
    if (!parsed.ok) {
      const nodes = nodesFor(flow.csrfToken, parsed.partial);
      addNodeMessage(nodes, parsed.field, parsed.message);
      return fail(nodes);
    }
    const emailChanged = parsed.traits.email !== identity.traits.email;
    if (emailChanged) ensurePrivileged(ctx, flow);
    if (!(await ctx.identities.updateTraits(identity, parsed.traits, ctx.now))) {
      const nodes = nodesFor(flow.csrfToken, parsed.traits);
      addNodeMessage(nodes, 'traits.email', texts.duplicateCredentials());
      return fail(nodes);
    }
    if (emailChanged) {
      const verification = await startVerification(
        ctx,
        flow.kind,
        flow.returnTo ?? undefined,
        parsed.traits.email,
      );
      continueWith.push({
        action: 'show_verification_ui',
        flow: {
          id: verification.id,
          verifiable_address: parsed.traits.email,
          url: `${ctx.config.ui.verification}?flow=${verification.id}`,
        },
      });
    }
  } else if (method === 'password') {
    ensurePrivileged(ctx, flow);
    const password = field(body, 'password') ?? '';
    const nodes = nodesFor(flow.csrfToken, identity.traits);
    const verdict = password
      ? checkPassword(password, identity.traits.email)
      : ({
          ok: false,
          id: 4000002,
          text: 'Property password is missing.',
          context: { property: 'password' },
        } as const);
    if (!verdict.ok) {
      addNodeMessage(nodes, 'password', {
        id: verdict.id,
        type: 'error',
        text: verdict.text,
        context: verdict.context,
      });
      return fail(nodes);
    }
    const current = identity.credentials.find((c) => c.type === 'password')?.config.hashed_password;
    if (typeof current === 'string' && (await verifyPassword(current, password))) {
      addNodeMessage(nodes, 'password', {
        id: 4000039,
        type: 'error',
        text: 'The new password must be different from the old password.',
      });
      return fail(nodes);
    }
    await ctx.identities.setCredential(
      identity.id,
      'password',
      identity.traits.email,
      { hashed_password: await hashPassword(password) },
      ctx.now,
    );
  } else {
    refuseDisabledMethod('settings', flow.kind, method);
    return fail(nodesFor(flow.csrfToken, identity.traits), [texts.settingsNoStrategy()]);
  }
  const updated = (await ctx.identities.findById(identity.id))!;
  flow.state = 'success';
  render(flow, ctx, nodesFor(flow.csrfToken, updated.traits), [texts.settingsSaved()]);
  return { kind: 'flow', flow, status: 200, continueWith };
}
