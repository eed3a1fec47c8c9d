import { randomUUID } from 'node:crypto';
import { maskCsrfToken } from '../http/csrf';
import type { FlowInternal, FlowRecord, FlowType } from '../store/flow-store';
import type { UiContainer, UiNode } from '../ui/ui-types';
import type { FlowContext } from './flow-context';

/** The API path that updates a flow (`ui.action`). */
export const actionUrl = (ctx: FlowContext, type: FlowType, id: string) =>
  `${ctx.config.publicBaseUrl}/self-service/${type}?flow=${id}`;

/** A new flow in its first state; the caller fills in the UI nodes. */
export function newFlow(
  ctx: FlowContext,
  input: {
    type: FlowType;
    kind: 'browser' | 'api';
    requestUrl: string;
    returnTo: string | undefined;
    state: string;
    identityId?: string;
    internal?: FlowInternal;
    nodes: (csrfToken: string) => UiNode[];
  },
): FlowRecord {
  const id = randomUUID();
  const csrfToken = input.kind === 'browser' ? maskCsrfToken(ctx.csrfSecret) : '';
  const ui: UiContainer = {
    action: actionUrl(ctx, input.type, id),
    method: 'POST',
    nodes: input.nodes(csrfToken),
  };
  return {
    id,
    flowType: input.type,
    kind: input.kind,
    state: input.state,
    requestUrl: input.requestUrl,
    returnTo: input.returnTo ?? null,
    csrfToken,
    identityId: input.identityId ?? null,
    internal: input.internal ?? {},
    ui,
    issuedAt: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + ctx.config.flowLifespanSeconds * 1000),
    updatedAt: ctx.now,
  };
}

/** Replaces the flow's nodes and messages (a new rendering after a submission). */
export function render(
  flow: FlowRecord,
  ctx: FlowContext,
  nodes: UiNode[],
  messages: UiContainer['messages'] = [],
) {
  flow.ui = {
    action: actionUrl(ctx, flow.flowType, flow.id),
    method: 'POST',
    nodes,
    ...(messages.length ? { messages } : {}),
  };
}

/** The flow in Kratos's JSON shape (`loginFlow`, `registrationFlow`, …). */
export function serializeFlow(
  flow: FlowRecord,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: flow.id,
    type: flow.kind,
    expires_at: flow.expiresAt.toISOString(),
    issued_at: flow.issuedAt.toISOString(),
    request_url: flow.requestUrl,
    ...(flow.returnTo ? { return_to: flow.returnTo } : {}),
    ui: flow.ui,
    state: flow.state,
    ...(flow.flowType === 'login'
      ? {
          refresh: Boolean(flow.internal.refresh),
          requested_aal: flow.internal.requestedAal ?? 'aal1',
          created_at: flow.issuedAt.toISOString(),
          updated_at: flow.updatedAt.toISOString(),
        }
      : {}),
    ...extra,
  };
}

export const minutesAgo = (ctx: FlowContext, date: Date) =>
  Math.max(0, Math.round((ctx.now.getTime() - date.getTime()) / 60_000));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => value.length <= 320 && EMAIL.test(value);
