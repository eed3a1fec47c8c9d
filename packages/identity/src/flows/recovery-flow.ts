import { templates } from '../courier/templates';
import { errors } from '../http/kratos-error';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail } from '../store/identity-store';
import { addNodeMessage, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { checkCode, sendCode } from '../strategy/code-strategy';
import type { FlowContext } from './flow-context';
import { field, isEmail, newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import { completedMethod, issueSession } from './sessions';
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

/** Kratos's `retryRecoveryFlow`: a new recovery flow (stored) carrying `message`. */
async function retry(ctx: FlowContext, flow: FlowRecord, message: UiText): Promise<FlowOutcome> {
  const replacement = createRecoveryFlow(ctx, flow.kind, flow.requestUrl, flow.returnTo ?? undefined);
  replacement.ui.messages = [message];
  await ctx.flows.insert(replacement);
  return { kind: 'retry', flow, replacement, json: 'get' };
}

/**
 * POST /self-service/recovery, Kratos's code strategy (recovery v1): once a code was sent, a submission
 * without an e-mail is a code; otherwise the method must be `code` (any other: no strategy, 4010005) and
 * the address gets a code. Known or unknown, the address gets an e-mail and the flow the same answer, and
 * a code is made and stored either way (equal work, so equal time); an unknown address's code recovers
 * nothing. The right code signs the person in and opens a settings flow; a code tried too often spends
 * the flow, which is replaced by a new one.
 */
export async function updateRecoveryFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: Record<string, unknown>,
): Promise<FlowOutcome> {
  const email = normaliseEmail(field(body, 'email') ?? '');
  const show = (nodes: UiNode[], status: 200 | 400, messages: UiText[] = []): FlowOutcome => {
    render(flow, ctx, nodes, messages);
    return { kind: 'flow', flow, status };
  };

  if (flow.state !== 'choose_method' && !email) return submitCode(ctx, flow, field(body, 'code') ?? '');

  if (ctx.session) throw errors.alreadyLoggedIn();
  if (field(body, 'method') !== 'code')
    return show(
      flow.state === 'sent_email'
        ? sentNodes(flow.csrfToken, flow.internal.codeAddress ?? '')
        : chooseNodes(flow.csrfToken, email),
      400,
      [texts.recoveryNoStrategy()],
    );
  if (flow.state === 'passed_challenge') return retry(ctx, flow, texts.recoveryRetrySuccess());
  if (!email || !isEmail(email)) {
    const nodes = chooseNodes(flow.csrfToken, email);
    addNodeMessage(nodes, 'email', email ? texts.invalidFormat(email) : texts.required('email'));
    return show(nodes, 400);
  }
  const ownerId = await ctx.identities.findIdByEmail(email);
  await sendCode(ctx, flow, email, ownerId ?? null, (c) =>
    ownerId ? templates.recoveryCode(ctx.config, email, c) : templates.recoveryUnknown(ctx.config, email),
  );
  flow.state = 'sent_email';
  return show(sentNodes(flow.csrfToken, email), 200, [texts.recoveryCodeSent()]);
}

async function submitCode(ctx: FlowContext, flow: FlowRecord, code: string): Promise<FlowOutcome> {
  const checked = await checkCode(ctx, flow, code);
  if (!checked.ok && checked.reason === 'too_many') return retry(ctx, flow, texts.codeSubmittedTooOften());
  const identity =
    checked.ok && checked.identityId ? await ctx.identities.findById(checked.identityId) : undefined;
  if (!checked.ok || !identity || identity.traits.email !== checked.address) {
    render(flow, ctx, sentNodes(flow.csrfToken, flow.internal.codeAddress ?? ''), [
      texts.recoveryCodeInvalid(),
    ]);
    return { kind: 'flow', flow, status: 200 };
  }
  await ctx.identities.markVerified(checked.address, ctx.now);
  flow.state = 'passed_challenge';
  const { session, token } = await issueSession(ctx, identity.id, [completedMethod(ctx, 'code_recovery')]);
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
