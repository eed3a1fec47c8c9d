import { templates } from '../courier/templates';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { addNodeMessage, anchor, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { checkCode, sendCode } from '../strategy/code-strategy';
import type { FlowContext } from './flow-context';
import { field, isEmail, newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';

const chooseNodes = (csrf: string, email = ''): UiNode[] => [
  csrfNode(csrf),
  input('code', 'email', 'email', {
    value: email,
    required: true,
    autocomplete: 'email',
    label: texts.labelEmail(),
  }),
  submit('code', 'method', 'code', texts.labelSubmit()),
];

const sentNodes = (csrf: string, email: string): UiNode[] => [
  csrfNode(csrf),
  input('code', 'code', 'text', {
    required: true,
    autocomplete: 'one-time-code',
    label: texts.labelVerificationCode(),
    maxlength: 6,
    pattern: '[0-9]*',
  }),
  input('code', 'method', 'hidden', { value: 'code' }),
  submit('code', 'method', 'code', texts.labelSubmit()),
  submit('code', 'email', email, texts.labelResend()),
];

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
    nodes: (csrf) => chooseNodes(csrf),
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
  render(flow, ctx, sentNodes(flow.csrfToken, address), [texts.verificationCodeSent()]);
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
 * a code: no strategy, 4010006). An address gets a code (the same answer whether it belongs to someone);
 * the right code verifies the address; a wrong one says so (200); a code tried too often, or a flow
 * already done, is replaced by a new flow.
 */
export async function updateVerificationFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: Record<string, unknown>,
): Promise<FlowOutcome> {
  const email = normaliseEmail(field(body, 'email') ?? '');
  const code = field(body, 'code');
  const given = field(body, 'method');
  const current = () =>
    flow.state === 'sent_email'
      ? sentNodes(flow.csrfToken, flow.internal.codeAddress ?? '')
      : chooseNodes(flow.csrfToken, email);
  const show = (nodes: UiNode[], status: 200 | 400, messages: UiText[] = []): FlowOutcome => {
    render(flow, ctx, nodes, messages);
    return { kind: 'flow', flow, status };
  };
  if (given !== undefined && given !== 'code' && given !== 'link') {
    const nodes = current();
    addNodeMessage(nodes, 'method', texts.validationGeneric('value must be one of "code", "link"'));
    return show(nodes, 400);
  }
  if ((given ?? (code ? 'code' : '')) !== 'code')
    return show(current(), 400, [texts.verificationNoStrategy()]);
  if (flow.state === 'passed_challenge') return retry(ctx, flow, texts.verificationRetrySuccess());

  if (code) {
    const checked = await checkCode(ctx, flow, code);
    if (!checked.ok && checked.reason === 'too_many') return retry(ctx, flow, texts.codeSubmittedTooOften());
    if (!checked.ok)
      return show(sentNodes(flow.csrfToken, flow.internal.codeAddress ?? ''), 200, [
        texts.verificationCodeInvalid(),
      ]);
    await ctx.identities.markVerified(checked.address, ctx.now);
    flow.state = 'passed_challenge';
    const next = flow.returnTo ?? ctx.config.defaultReturnUrl;
    return show([csrfNode(flow.csrfToken), anchor('code', 'continue', next, texts.labelContinue())], 200, [
      texts.verificationSuccessful(),
    ]);
  }
  if (!email || !isEmail(email)) {
    const nodes = chooseNodes(flow.csrfToken, email);
    addNodeMessage(nodes, 'email', email ? texts.invalidFormat(email) : texts.required('email'));
    return show(nodes, 400);
  }
  // The same answer whether or not the address belongs to someone (no enumeration).
  const owner = await ctx.identities.findByEmail(email);
  if (owner)
    await sendCode(ctx, flow, email, owner.id, (c) => templates.verificationCode(ctx.config, email, c));
  else flow.internal.codeAddress = email;
  flow.state = 'sent_email';
  return show(sentNodes(flow.csrfToken, email), 200, [texts.verificationCodeSent()]);
}
