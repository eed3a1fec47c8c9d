import { errors } from '../http/kratos-error';
import type { FlowRecord } from '../store/flow-store';
import { normaliseEmail, type IdentityRecord } from '../store/identity-store';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import { codeEmailNodes, codeSentNodes, recoverWithCode, sendRecoveryCode } from '../strategy/code-strategy';
import type { FlowContext } from './flow-context';
import { newFlow, render } from './flow-common';
import type { FlowOutcome } from './flow-outcome';
import type { FlowSubmission } from './flow-submission';
import { completedMethod, issueSession } from './sessions';
import { createSettingsFlow } from './settings-flow';

/** What the recovery strategy may do with the flow. */
export interface RecoverySteps {
  /** Shows the flow again with these nodes, answered with `status` to JSON clients. */
  show(nodes: UiNode[], status: 200 | 400, messages?: UiText[]): FlowOutcome;
  /** Gives up on the flow: a new one (stored) carries `message`. */
  retry(message: UiText): Promise<FlowOutcome>;
  /** The identity proved it is the reader's: signs it in and opens its settings. */
  recovered(identity: IdentityRecord): Promise<FlowOutcome>;
}

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
    nodes: (csrf) => codeEmailNodes(csrf),
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
 * the address gets a code. The right code signs the person in and opens a settings flow; a recovered flow
 * or a code tried too often is replaced by a new one.
 */
export async function updateRecoveryFlow(
  ctx: FlowContext,
  flow: FlowRecord,
  body: FlowSubmission,
): Promise<FlowOutcome> {
  const email = normaliseEmail(body.email ?? '');
  const steps: RecoverySteps = {
    show(nodes, status, messages = []) {
      render(flow, ctx, nodes, messages);
      return { kind: 'flow', flow, status };
    },
    retry: (message) => retry(ctx, flow, message),
    recovered: (identity) => recovered(ctx, flow, identity),
  };

  if (flow.state !== 'choose_method' && !email) return recoverWithCode(ctx, flow, body.code ?? '', steps);

  if (ctx.session) throw errors.alreadyLoggedIn();
  if (body.method !== 'code')
    return steps.show(
      flow.state === 'sent_email'
        ? codeSentNodes(flow.csrfToken, flow.internal.codeAddress ?? '', texts.labelRecoveryCode())
        : codeEmailNodes(flow.csrfToken, email),
      400,
      [texts.recoveryNoStrategy()],
    );
  if (flow.state === 'passed_challenge') return steps.retry(texts.recoveryRetrySuccess());
  return sendRecoveryCode(ctx, flow, email, steps);
}

/** A recovered identity: a new session, and a settings flow that says how long it may change things. */
async function recovered(ctx: FlowContext, flow: FlowRecord, identity: IdentityRecord): Promise<FlowOutcome> {
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
