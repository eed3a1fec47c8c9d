import { templates } from '../courier/templates';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { addNodeMessage, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import { checkCode, sendCode } from './code-step';
import type { FlowContext } from './flow-context';
import { field, isEmail, newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import { issueSession } from './sessions';
import { createSettingsFlow } from './settings-flow';

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
    label: texts.labelRecoveryCode(),
    maxlength: 6,
    pattern: '[0-9]*',
  }),
  input('code', 'method', 'hidden', { value: 'code' }),
  submit('code', 'method', 'code', texts.labelSubmit()),
  submit('code', 'email', email, texts.labelResend()),
];

export function createRecoveryFlow(
  ctx: FlowContext,
  kind: 'browser' | 'api',
  requestUrl: string,
  returnTo: string | undefined,
) {
  return newFlow(ctx, {
    type: 'recovery',
    kind,
    requestUrl,
    returnTo,
    state: 'choose_method',
    nodes: (csrf) => chooseNodes(csrf),
  });
}

/**
 * POST /self-service/recovery: an address gets a code (the same answer for unknown addresses, which are
 * told by e-mail that no account exists); the right code signs the person in and opens a settings flow.
 */
export async function updateRecoveryFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: Record<string, unknown>,
): Promise<FlowOutcome> {
  const email = normaliseEmail(field(body, 'email') ?? '');
  const code = field(body, 'code');
  if (flow.state === 'passed_challenge') {
    render(flow, ctx, chooseNodes(flow.csrfToken), [texts.recoveryRetrySuccess()]);
    return { kind: 'flow', flow, status: 400 };
  }
  if (email && !code) {
    if (!isEmail(email)) {
      const nodes = chooseNodes(flow.csrfToken, email);
      addNodeMessage(nodes, 'email', texts.invalidFormat(email));
      render(flow, ctx, nodes);
      return { kind: 'flow', flow, status: 400 };
    }
    const owner = await ctx.identities.findByEmail(email);
    if (owner)
      await sendCode(ctx, flow, email, owner.id, (c) =>
        templates.recoveryCode(ctx.config.siteName, email, c),
      );
    else {
      await ctx.mailer.send(templates.recoveryUnknown(ctx.config.siteName, email));
      flow.internal.codeAddress = email;
    }
    flow.state = 'sent_email';
    render(flow, ctx, sentNodes(flow.csrfToken, email), [texts.recoveryCodeSent()]);
    return { kind: 'flow', flow, status: 200 };
  }
  if (flow.state !== 'sent_email' || !code) {
    const sent = flow.state === 'sent_email';
    const nodes = sent
      ? sentNodes(flow.csrfToken, flow.internal.codeAddress ?? '')
      : chooseNodes(flow.csrfToken);
    addNodeMessage(nodes, sent ? 'code' : 'email', texts.required(sent ? 'code' : 'email'));
    render(flow, ctx, nodes);
    return { kind: 'flow', flow, status: 400 };
  }
  const checked = await checkCode(ctx, flow, code);
  const identity = checked.ok ? await ctx.identities.findByEmail(checked.address) : undefined;
  if (!checked.ok || !identity) {
    render(flow, ctx, sentNodes(flow.csrfToken, flow.internal.codeAddress ?? ''), [
      texts.recoveryCodeInvalid(),
    ]);
    return { kind: 'flow', flow, status: 400 };
  }
  await ctx.identities.markVerified(checked.address, ctx.now);
  flow.state = 'passed_challenge';
  const { session, token } = await issueSession(ctx, identity.id, 'code');
  const settingsCtx = { ...ctx, session };
  const settings = createSettingsFlow(
    settingsCtx,
    flow.kind,
    flow.requestUrl,
    flow.returnTo ?? undefined,
    identity,
  );
  settings.ui.messages = [
    texts.recoverySuccessful(Math.round(ctx.config.privilegedSessionMaxAgeSeconds / 60)),
  ];
  await ctx.flows.insert(settings);
  const url = `${ctx.config.ui.settings}?flow=${settings.id}`;
  return {
    kind: 'redirect',
    flow,
    to: url,
    session: { token },
    continueWith: [
      ...(flow.kind === 'api' ? [{ action: 'set_ory_session_token', ory_session_token: token }] : []),
      { action: 'show_settings_ui', flow: { id: settings.id, url } },
    ],
  };
}
