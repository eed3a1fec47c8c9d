import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import { addNodeMessage, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import type { FlowContext } from '../flows/flow-context';
import type { FlowOutcome } from '../flows/flow-outcome';
import { ensurePrivileged } from '../flows/privileged-session';
import type { SettingsSteps } from '../flows/settings-flow';
import { parseTraits, traitNodes } from '../flows/traits';
import { startVerification } from '../flows/verification-flow';

/** The profile strategy's nodes on the settings screen: the traits and their save button. */
export const profileSettingsNodes = (traits: Partial<Traits>): UiNode[] => [
  ...traitNodes('profile', traits),
  submit('profile', 'method', 'profile', texts.labelSave()),
];

/**
 * `method=profile` on settings: the traits must match the identity schema; a new e-mail needs a
 * privileged session, must be no one else's, and is sent a verification code.
 * @throws KratosError 403 when the e-mail changes and the session is too old.
 */
export async function updateProfile(
  ctx: FlowContext,
  flow: FlowRecord,
  identity: IdentityRecord,
  submitted: unknown,
  steps: SettingsSteps,
): Promise<FlowOutcome> {
  const parsed = parseTraits(submitted, { unchangedEmail: identity.traits.email });
  if (!parsed.ok) {
    const nodes = steps.nodes(parsed.partial);
    addNodeMessage(nodes, parsed.field, parsed.message);
    return steps.fail(nodes);
  }
  const emailChanged = parsed.traits.email !== identity.traits.email;
  if (emailChanged) ensurePrivileged(ctx, flow);
  if (!(await ctx.identities.updateTraits(identity, parsed.traits, ctx.now))) {
    const nodes = steps.nodes(parsed.traits);
    addNodeMessage(nodes, 'traits.email', texts.duplicateCredentials());
    return steps.fail(nodes);
  }
  if (!emailChanged) return steps.saved([]);
  const verification = await startVerification(
    ctx,
    flow.kind,
    flow.returnTo ?? undefined,
    parsed.traits.email,
  );
  return steps.saved([
    {
      action: 'show_verification_ui',
      flow: {
        id: verification.id,
        verifiable_address: parsed.traits.email,
        url: `${ctx.config.ui.verification}?flow=${verification.id}`,
      },
    },
  ]);
}
