import { templates } from '../courier/templates';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { addNodeMessage } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import {
  codeEmailNodes,
  codeSentNodes,
  sendCode,
  sendVerificationCode,
  verifyWithCode,
} from '../strategy/code-strategy';
import type { FlowContext } from './flow-context';
import { newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import type { FlowSubmission } from './flow-submission';

/** What the verification strategy may do with the flow. */
export interface VerificationSteps {
  /** Shows the flow again with these nodes, answered with `status` to JSON clients. */
  show(nodes: UiNode[], status: 200 | 400, messages?: UiText[]): FlowOutcome;
  /** Gives up on the flow: a new one (stored) carries `message`. */
  retry(message: UiText): Promise<FlowOutcome>;
}

export function createVerificationFlow(
  ctx: FlowContext,
  kind: 'browser' | 'api',
  requestUrl: string,
  returnTo: string | undefined,
) {
  return newFlow(ctx, {
    type: 'verification',
    kind,
    requestUrl,
    returnTo,
    state: 'choose_method',
    nodes: (csrf) => codeEmailNodes(csrf),
  });
}

/** A verification flow with a code already sent to `address` (after a registration or an e-mail change). */
export async function startVerification(
  ctx: FlowContext,
  kind: 'browser' | 'api',
  returnTo: string | undefined,
  address: string,
): Promise<FlowRecord> {
  const flow = createVerificationFlow(
    ctx,
    kind,
    `${ctx.config.publicBaseUrl}/self-service/verification/${kind}`,
    returnTo,
  );
  flow.state = 'sent_email';
  render(flow, ctx, codeSentNodes(flow.csrfToken, address, texts.labelVerificationCode()), [
    texts.verificationCodeSent(),
  ]);
  await ctx.flows.insert(flow);
  await sendCode(ctx, flow, address, null, (c) => templates.verificationCode(ctx.config, address, c));
  await ctx.flows.save(flow, ctx.now);
  return flow;
}

/** Kratos's `retryVerificationFlowWith…`: a new verification flow (stored) carrying `message`. */
async function retry(ctx: FlowContext, flow: FlowRecord, message: UiText): Promise<FlowOutcome> {
  const replacement = createVerificationFlow(ctx, flow.kind, flow.requestUrl, flow.returnTo ?? undefined);
  replacement.ui.messages = [message];
  await ctx.flows.insert(replacement);
  return { kind: 'retry', flow, replacement, json: 'replaced' };
}

/**
 * POST /self-service/verification, Kratos's code strategy: `method` must be `code` or `link` (anything
 * else fails the body's schema, on the `method` node); only `code` is enabled (`link`, or no method without
 * a code: no strategy, 4010006). A flow already done is replaced by a new one; otherwise a code is
 * checked, or an address gets one.
 */
export async function updateVerificationFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: FlowSubmission,
): Promise<FlowOutcome> {
  const email = normaliseEmail(body.email ?? '');
  const code = body.code;
  const given = body.method;
  const current = () =>
    flow.state === 'sent_email'
      ? codeSentNodes(flow.csrfToken, flow.internal.codeAddress ?? '', texts.labelVerificationCode())
      : codeEmailNodes(flow.csrfToken, email);
  const steps: VerificationSteps = {
    show(nodes, status, messages = []) {
      render(flow, ctx, nodes, messages);
      return { kind: 'flow', flow, status };
    },
    retry: (message) => retry(ctx, flow, message),
  };
  if (given !== undefined && given !== 'code' && given !== 'link') {
    const nodes = current();
    addNodeMessage(nodes, 'method', texts.validationGeneric('value must be one of "code", "link"'));
    return steps.show(nodes, 400);
  }
  if ((given ?? (code ? 'code' : '')) !== 'code')
    return steps.show(current(), 400, [texts.verificationNoStrategy()]);
  if (flow.state === 'passed_challenge') return steps.retry(texts.verificationRetrySuccess());
  if (code) return verifyWithCode(ctx, flow, code, steps);
  return sendVerificationCode(ctx, flow, email, steps);
}
