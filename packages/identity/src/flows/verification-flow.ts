import { templates } from '../courier/templates';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { addNodeMessage, anchor, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import { checkCode, sendCode } from './code-step';
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
  await sendCode(ctx, flow, address, null, (c) =>
    templates.verificationCode(ctx.config.siteName, address, c),
  );
  await ctx.flows.save(flow, ctx.now);
  return flow;
}

/** POST /self-service/verification: an address gets a code; the right code verifies the address. */
export async function updateVerificationFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: Record<string, unknown>,
): Promise<FlowOutcome> {
  const email = normaliseEmail(field(body, 'email') ?? '');
  const code = field(body, 'code');
  if (flow.state === 'passed_challenge') {
    render(flow, ctx, chooseNodes(flow.csrfToken), [texts.verificationRetrySuccess()]);
    return { kind: 'flow', flow, status: 400 };
  }
  if (email && !code) {
    if (!isEmail(email)) {
      const nodes = chooseNodes(flow.csrfToken, email);
      addNodeMessage(nodes, 'email', texts.invalidFormat(email));
      render(flow, ctx, nodes);
      return { kind: 'flow', flow, status: 400 };
    }
    // The same answer whether or not the address belongs to someone (no enumeration).
    const owner = await ctx.identities.findByEmail(email);
    if (owner)
      await sendCode(ctx, flow, email, owner.id, (c) =>
        templates.verificationCode(ctx.config.siteName, email, c),
      );
    else flow.internal.codeAddress = email;
    flow.state = 'sent_email';
    render(flow, ctx, sentNodes(flow.csrfToken, email), [texts.verificationCodeSent()]);
    return { kind: 'flow', flow, status: 200 };
  }
  if (flow.state !== 'sent_email' || !code) {
    const nodes =
      flow.state === 'sent_email'
        ? sentNodes(flow.csrfToken, flow.internal.codeAddress ?? '')
        : chooseNodes(flow.csrfToken);
    addNodeMessage(
      nodes,
      flow.state === 'sent_email' ? 'code' : 'email',
      texts.required(flow.state === 'sent_email' ? 'code' : 'email'),
    );
    render(flow, ctx, nodes);
    return { kind: 'flow', flow, status: 400 };
  }
  const checked = await checkCode(ctx, flow, code);
  if (!checked.ok) {
    render(flow, ctx, sentNodes(flow.csrfToken, flow.internal.codeAddress ?? ''), [
      texts.verificationCodeInvalid(),
    ]);
    return { kind: 'flow', flow, status: 400 };
  }
  await ctx.identities.markVerified(checked.address, ctx.now);
  flow.state = 'passed_challenge';
  const next = flow.returnTo ?? ctx.config.defaultReturnUrl;
  render(
    flow,
    ctx,
    [csrfNode(flow.csrfToken), anchor('code', 'continue', next, texts.labelContinue())],
    [texts.verificationSuccessful()],
  );
  return { kind: 'flow', flow, status: 200 };
}
