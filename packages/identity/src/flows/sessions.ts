import type { AuthenticationMethod } from '../store/session-store';
import type { FlowContext } from './flow-context';

/** Opens a session for an identity after a completed sign-in, or refreshes the current one. */
export async function issueSession(ctx: FlowContext, identityId: string, method: string, provider?: string) {
  const authMethod: AuthenticationMethod = {
    method,
    aal: 'aal1',
    completed_at: ctx.now.toISOString(),
    ...(provider ? { provider } : {}),
  };
  return ctx.sessions.create({
    identityId,
    method: authMethod,
    device: {
      ...(ctx.client.ip ? { ip_address: ctx.client.ip } : {}),
      ...(ctx.client.userAgent ? { user_agent: ctx.client.userAgent.slice(0, 512) } : {}),
    },
    now: ctx.now,
    lifespanSeconds: ctx.config.sessionLifespanSeconds,
  });
}
