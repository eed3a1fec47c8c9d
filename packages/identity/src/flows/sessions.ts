import type { AuthenticationMethod } from '../store/session-store';
import type { FlowContext } from './flow-context';

/** Opens a session for an identity after a completed sign-in with these methods. */
export async function issueSession(ctx: FlowContext, identityId: string, methods: AuthenticationMethod[]) {
  return ctx.sessions.create({
    identityId,
    methods,
    device: {
      ...(ctx.client.ip ? { ip_address: ctx.client.ip } : {}),
      ...(ctx.client.userAgent ? { user_agent: ctx.client.userAgent.slice(0, 512) } : {}),
    },
    now: ctx.now,
    lifespanSeconds: ctx.config.sessionLifespanSeconds,
  });
}

/** The authentication method a sign-in completed now (AAL1). */
export const completedMethod = (ctx: FlowContext, method: string): AuthenticationMethod => ({
  method,
  aal: 'aal1',
  completed_at: ctx.now.toISOString(),
});
