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

export type CodeCheck =
  | { ok: true; address: string; identityId: string | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'too_many' };

/**
 * Checks a submitted code against the flow. The try is counted first, in the database and atomically
 * (Kratos's `submit_count`), so parallel guesses cannot share a count; past the flow's maximum no code
 * is checked again, the right one included: the flow is spent for codes (a resend does not reset it).
 * A right code is used once. Returns the address it was sent to when right.
 */
export async function checkCode(ctx: FlowContext, flow: FlowRecord, code: string): Promise<CodeCheck> {
  const submissions = await ctx.flows.countCodeSubmission(flow.id);
  if (submissions > ctx.config.maxCodeAttempts) return { ok: false, reason: 'too_many' };
  if (!/^\d{6}$/.test(code.trim())) return { ok: false, reason: 'invalid' };
  const used = await ctx.flows.useCode(flow.id, code, ctx.now);
  if (used.result === 'ok') return { ok: true, address: used.address!, identityId: used.identityId ?? null };
  return { ok: false, reason: used.result };
}
