import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import { csrfNode } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { changePassword, passwordSettingsNodes } from '../strategy/password-strategy';
import { profileSettingsNodes, updateProfile } from '../strategy/profile-strategy';
import type { FlowContext } from './flow-context';
import { newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import type { FlowSubmission } from './flow-submission';
import { refuseDisabledMethod } from './other-methods';

/** What a settings strategy may do with the flow. */
export interface SettingsSteps {
  /** The settings screen with these traits. */
  nodes(traits: Partial<Traits>): UiNode[];
  /** Shows the form again (400). */
  fail(nodes: UiNode[], messages?: UiText[]): FlowOutcome;
  /** The change is saved: the form again, with the stored traits and "saved". */
  saved(continueWith: Record<string, unknown>[]): Promise<FlowOutcome>;
}

const nodesFor = (csrf: string, traits: Partial<Traits>): UiNode[] => [
  csrfNode(csrf),
  ...profileSettingsNodes(traits),
  ...passwordSettingsNodes(),
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

/** POST /self-service/settings: the `profile` (traits) or `password` strategy. */
export async function updateSettingsFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: FlowSubmission,
  identity: IdentityRecord,
): Promise<FlowOutcome> {
  const method = body.method;
  const steps: SettingsSteps = {
    nodes: (traits) => nodesFor(flow.csrfToken, traits),
    fail(nodes, messages = []) {
      flow.state = 'show_form';
      render(flow, ctx, nodes, messages);
      return { kind: 'flow', flow, status: 400 };
    },
    async saved(continueWith) {
      const updated = (await ctx.identities.findById(identity.id))!;
      flow.state = 'success';
      render(flow, ctx, nodesFor(flow.csrfToken, updated.traits), [texts.settingsSaved()]);
      return { kind: 'flow', flow, status: 200, continueWith };
    },
  };
  if (method === 'profile') return updateProfile(ctx, flow, identity, body.traits, steps);
  if (method === 'password') return changePassword(ctx, flow, identity, body.password ?? '', steps);
  refuseDisabledMethod('settings', flow.kind, method);
  return steps.fail(nodesFor(flow.csrfToken, identity.traits), [texts.settingsNoStrategy()]);
}
