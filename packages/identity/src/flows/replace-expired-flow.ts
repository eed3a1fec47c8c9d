import type { FlowRecord } from '../store/flow-store';
import { texts } from '../ui/ui-texts';
import type { FlowContext } from './flow-context';
import { minutesAgo } from './flow-common';
import { createLoginFlow } from './login-flow';
import { createRecoveryFlow } from './recovery-flow';
import { createRegistrationFlow } from './registration-flow';
import { createSettingsFlow } from './settings-flow';
import { createVerificationFlow } from './verification-flow';

/** A fresh flow of the same kind, stored, carrying the "expired" message, for an expired one. */
export async function replaceExpiredFlow(ctx: FlowContext, old: FlowRecord): Promise<FlowRecord> {
  const returnTo = old.returnTo ?? undefined;
  const minutes = minutesAgo(ctx, old.expiresAt);
  let flow: FlowRecord;
  if (old.flowType === 'login') {
    flow = createLoginFlow(ctx, old.kind, old.requestUrl, returnTo, {
      refresh: Boolean(old.internal.refresh),
    });
    flow.ui.messages = [texts.loginFlowExpired(minutes)];
  } else if (old.flowType === 'registration') {
    flow = createRegistrationFlow(ctx, old.kind, old.requestUrl, returnTo);
    flow.ui.messages = [texts.registrationFlowExpired(minutes)];
  } else if (old.flowType === 'recovery') {
    flow = createRecoveryFlow(ctx, old.kind, old.requestUrl, returnTo);
    flow.ui.messages = [texts.recoveryFlowExpired(minutes)];
  } else if (old.flowType === 'verification') {
    flow = createVerificationFlow(ctx, old.kind, old.requestUrl, returnTo);
    flow.ui.messages = [texts.verificationFlowExpired(minutes)];
  } else {
    const identity = await ctx.identities.findById(old.identityId!);
    flow = createSettingsFlow(ctx, old.kind, old.requestUrl, returnTo, identity!);
    flow.ui.messages = [texts.settingsFlowExpired(minutes)];
  }
  await ctx.flows.insert(flow);
  return flow;
}
