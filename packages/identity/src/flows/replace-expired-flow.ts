import type { FlowRecord } from '../store/flow-store';
import type { FlowContext } from './flow-context';
import { minutesAgo } from './flow-common';
import { FLOW_HANDLING } from './flow-handling';

/**
 * A fresh flow of the same type and kind, stored, carrying the "expired" message, for an expired one.
 * It keeps the old flow's request, `return_to` and login refresh, not an AAL2 request.
 */
export async function replaceExpiredFlow(ctx: FlowContext, old: FlowRecord): Promise<FlowRecord> {
  const handling = FLOW_HANDLING[old.flowType];
  const identity = handling.forIdentity ? await ctx.identities.findById(old.identityId!) : undefined;
  const flow = handling.create(ctx, {
    kind: old.kind,
    requestUrl: old.requestUrl,
    returnTo: old.returnTo ?? undefined,
    refresh: Boolean(old.internal.refresh),
    aal: 'aal1',
    identity,
  });
  flow.ui.messages = [handling.expiredMessage(minutesAgo(ctx, old.expiresAt))];
  await ctx.flows.insert(flow);
  return flow;
}
