import { newOneTimeCode } from '../security/codes';
import type { FlowRecord } from '../store/flow-store';
import type { FlowContext } from './flow-context';

/** Sends a fresh code for the flow to `address` (earlier codes of the flow stop working). */
export async function sendCode(
  ctx: FlowContext,
  flow: FlowRecord,
  address: string,
  identityId: string | null,
  mail: (code: string) => Parameters<FlowContext['mailer']['send']>[0],
): Promise<void> {
  const code = newOneTimeCode();
  const expiresAt = new Date(ctx.now.getTime() + ctx.config.codeLifespanSeconds * 1000);
  await ctx.flows.addCode(flow.id, address, code, identityId, expiresAt, ctx.now);
  await ctx.mailer.send(mail(code));
  flow.internal.codeAddress = address;
}

/**
 * Checks a submitted code against the flow: counts the try, refuses after the flow's maximum, and uses
 * the code once. Returns the address it was sent to when right.
 */
export async function checkCode(
  ctx: FlowContext,
  flow: FlowRecord,
  code: string,
): Promise<{ ok: true; address: string } | { ok: false; reason: 'invalid' | 'expired' | 'too_many' }> {
  const attempts = (flow.internal.codeAttempts ?? 0) + 1;
  flow.internal.codeAttempts = attempts;
  if (attempts > ctx.config.maxCodeAttempts) return { ok: false, reason: 'too_many' };
  if (!/^\d{6}$/.test(code.trim())) return { ok: false, reason: 'invalid' };
  const used = await ctx.flows.useCode(flow.id, code, ctx.now);
  if (used.result === 'ok') return { ok: true, address: used.address! };
  return { ok: false, reason: used.result };
}
