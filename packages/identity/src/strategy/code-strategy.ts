import { templates } from '../courier/templates';
import { newOneTimeCode } from '../security/codes';
import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import { addNodeMessage, anchor, csrfNode, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import type { FlowContext } from '../flows/flow-context';
import { isEmail } from '../flows/flow-common';
import type { FlowOutcome } from '../flows/flow-outcome';
import type { LoginSteps } from '../flows/login-flow';
import type { RecoverySteps } from '../flows/recovery-flow';
import type { RegistrationSteps } from '../flows/registration-flow';
import { completedMethod, issueSession } from '../flows/sessions';
import { traitNodes } from '../flows/traits';
import type { VerificationSteps } from '../flows/verification-flow';

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

/** The code strategy's button on the first login screen (after the identifier). */
export const codeLoginNodes = (): UiNode[] => [submit('code', 'method', 'code', texts.loginCode())];

/** The code strategy's button on the first registration screen (after the traits). */
export const codeRegistrationNodes = (): UiNode[] => [
  submit('code', 'method', 'code', texts.registrationCode()),
];

function loginCodeSentNodes(csrf: string, identifier: string): UiNode[] {
  return [
    csrfNode(csrf),
    input('code', 'identifier', 'hidden', { value: identifier, required: true }),
    input('code', 'code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      label: texts.labelLoginCode(),
      maxlength: 6,
      pattern: '[0-9]*',
    }),
    submit('code', 'method', 'code', texts.labelContinue()),
    submit('code', 'resend', 'code', texts.labelResend()),
  ];
}

function registrationCodeSentNodes(csrf: string, traits: Partial<Traits>): UiNode[] {
  return [
    csrfNode(csrf),
    ...traitNodes('code', traits, true),
    input('code', 'code', 'text', {
      required: true,
      autocomplete: 'one-time-code',
      label: texts.labelRegistrationCode(),
      maxlength: 6,
      pattern: '[0-9]*',
    }),
    submit('code', 'method', 'code', texts.labelContinue()),
    submit('code', 'resend', 'code', texts.labelResend()),
  ];
}

/**
 * `method=code` on login, in two steps: the identifier (or a resend) gets a code by e-mail, the same
 * answer whether or not it is an account's; then the right code signs its account in and verifies the
 * address.
 */
export async function loginWithCode(
  ctx: FlowContext,
  flow: FlowRecord,
  submitted: { identifier: string; code: string | undefined; resend: boolean },
  steps: LoginSteps,
): Promise<FlowOutcome> {
  const { identifier, code, resend } = submitted;
  if (flow.state === 'choose_method' || resend) {
    const address =
      flow.state === 'sent_email' && resend ? (flow.internal.codeAddress ?? identifier) : identifier;
    if (!address || !isEmail(address)) {
      const nodes = steps.methodNodes(identifier);
      addNodeMessage(
        nodes,
        'identifier',
        address ? texts.invalidFormat(address) : texts.required('identifier'),
      );
      return steps.fail(nodes, []);
    }
    // Known or not, the answer is the same: the e-mail itself tells an unknown address what to do.
    const identityId = await ctx.identities.findIdByEmail(address);
    await sendCode(ctx, flow, address, identityId ?? null, (c) =>
      identityId
        ? templates.loginCode(ctx.config, address, c)
        : templates.loginCodeUnknown(ctx.config, address, c),
    );
    flow.state = 'sent_email';
    return steps.fail(loginCodeSentNodes(flow.csrfToken, address), [texts.loginCodeSent()]);
  }
  const address = flow.internal.codeAddress ?? '';
  const nodes = loginCodeSentNodes(flow.csrfToken, address);
  if (!code) {
    addNodeMessage(nodes, 'code', texts.required('code'));
    return steps.fail(nodes, []);
  }
  const checked = await checkCode(ctx, flow, code);
  if (!checked.ok)
    return steps.fail(nodes, [
      checked.reason === 'too_many' ? texts.codeSubmittedTooOften() : texts.loginCodeInvalid(),
    ]);
  const identity = await ctx.identities.findByEmail(checked.address);
  if (!identity) return steps.fail(steps.methodNodes(checked.address), [texts.noCodeUser()]);
  // The code proved the address: mark it verified, as Kratos does after a code login.
  await ctx.identities.markVerified(checked.address, ctx.now);
  flow.state = 'passed_challenge';
  return steps.complete(identity.id, 'code');
}

/** `method=code` on registration, first step: the checked, free traits get a code by e-mail. */
export async function sendRegistrationCode(
  ctx: FlowContext,
  flow: FlowRecord,
  traits: Traits,
  steps: RegistrationSteps,
): Promise<FlowOutcome> {
  await sendCode(ctx, flow, traits.email, null, (c) =>
    templates.registrationCode(ctx.config, traits.email, c),
  );
  flow.internal.codeTraits = traits as unknown as Record<string, unknown>;
  flow.state = 'sent_email';
  return steps.fail(registrationCodeSentNodes(flow.csrfToken, traits), [texts.registrationCodeSent()]);
}

/**
 * `method=code` on registration, second step: the right code makes the identity from the traits the
 * code was sent for, its address verified, and signs it in.
 */
export async function registerWithCode(
  ctx: FlowContext,
  flow: FlowRecord,
  code: string | undefined,
  steps: RegistrationSteps,
): Promise<FlowOutcome> {
  const traits = (flow.internal.codeTraits ?? {}) as unknown as Traits;
  const nodes = registrationCodeSentNodes(flow.csrfToken, traits);
  if (!code) {
    addNodeMessage(nodes, 'code', texts.required('code'));
    return steps.fail(nodes);
  }
  const checked = await checkCode(ctx, flow, code);
  if (!checked.ok)
    return steps.fail(nodes, [
      checked.reason === 'too_many' ? texts.codeSubmittedTooOften() : texts.registrationCodeInvalid(),
    ]);
  const identity = await ctx.identities.create({
    traits,
    verified: true,
    credentials: [
      {
        type: 'code',
        identifier: traits.email,
        config: { addresses: [{ channel: 'email', address: traits.email }] },
      },
    ],
    now: ctx.now,
  });
  if (!identity)
    return steps.fail(steps.methodNodes(traits), [
      texts.duplicateWithHints(traits.email, ['password', 'code']),
    ]);
  flow.state = 'passed_challenge';
  const { session, token } = await issueSession(ctx, identity.id, [completedMethod(ctx, 'code')]);
  return {
    kind: 'session',
    flow,
    session,
    token,
    identity,
    returnTo: steps.returnTo,
    continueWith: [],
    registration: true,
  };
}

/** The first screen of recovery and verification: the address to send a code to. */
export const codeEmailNodes = (csrf: string, email = ''): UiNode[] => [
  csrfNode(csrf),
  input('code', 'email', 'email', {
    value: email,
    required: true,
    autocomplete: 'email',
    label: texts.labelEmail(),
  }),
  submit('code', 'method', 'code', texts.labelSubmit()),
];

/** Recovery's and verification's screen once a code was sent to `email` (its resend button). */
export const codeSentNodes = (csrf: string, email: string, label: UiText): UiNode[] => [
  csrfNode(csrf),
  input('code', 'code', 'text', {
    required: true,
    autocomplete: 'one-time-code',
    label,
    maxlength: 6,
    pattern: '[0-9]*',
  }),
  input('code', 'method', 'hidden', { value: 'code' }),
  submit('code', 'method', 'code', texts.labelSubmit()),
  submit('code', 'email', email, texts.labelResend()),
];

/** The address the flow's code went to, on its code screen, shown again (recovery, verification). */
const sentAgain = (flow: FlowRecord, label: UiText) =>
  codeSentNodes(flow.csrfToken, flow.internal.codeAddress ?? '', label);

/** A code entry for an address that must be an e-mail: the first screen again, saying why not. */
function refuseAddress(flow: FlowRecord, email: string): UiNode[] {
  const nodes = codeEmailNodes(flow.csrfToken, email);
  addNodeMessage(nodes, 'email', email ? texts.invalidFormat(email) : texts.required('email'));
  return nodes;
}

/**
 * Recovery, first step: the address gets an e-mail and the flow the same answer whether or not it is an
 * account's, and a code is made and stored either way (equal work, so equal time); an unknown address's
 * code recovers nothing.
 */
export async function sendRecoveryCode(
  ctx: FlowContext,
  flow: FlowRecord,
  email: string,
  steps: RecoverySteps,
): Promise<FlowOutcome> {
  if (!email || !isEmail(email)) return steps.show(refuseAddress(flow, email), 400);
  const ownerId = await ctx.identities.findIdByEmail(email);
  await sendCode(ctx, flow, email, ownerId ?? null, (c) =>
    ownerId ? templates.recoveryCode(ctx.config, email, c) : templates.recoveryUnknown(ctx.config, email),
  );
  flow.state = 'sent_email';
  return steps.show(codeSentNodes(flow.csrfToken, email, texts.labelRecoveryCode()), 200, [
    texts.recoveryCodeSent(),
  ]);
}

/**
 * Recovery, second step: the right code for an account's address verifies it and recovers the account;
 * a wrong one says so (200); a code tried too often spends the flow, which is replaced.
 */
export async function recoverWithCode(
  ctx: FlowContext,
  flow: FlowRecord,
  code: string,
  steps: RecoverySteps,
): Promise<FlowOutcome> {
  const checked = await checkCode(ctx, flow, code);
  if (!checked.ok && checked.reason === 'too_many') return steps.retry(texts.codeSubmittedTooOften());
  const identity: IdentityRecord | undefined =
    checked.ok && checked.identityId ? await ctx.identities.findById(checked.identityId) : undefined;
  if (!checked.ok || !identity || identity.traits.email !== checked.address)
    return steps.show(sentAgain(flow, texts.labelRecoveryCode()), 200, [texts.recoveryCodeInvalid()]);
  await ctx.identities.markVerified(checked.address, ctx.now);
  flow.state = 'passed_challenge';
  return steps.recovered(identity);
}

/**
 * Verification, first step: the address gets a code when it is an account's, and the flow the same
 * answer either way (no enumeration).
 */
export async function sendVerificationCode(
  ctx: FlowContext,
  flow: FlowRecord,
  email: string,
  steps: VerificationSteps,
): Promise<FlowOutcome> {
  if (!email || !isEmail(email)) return steps.show(refuseAddress(flow, email), 400);
  const owner = await ctx.identities.findByEmail(email);
  if (owner)
    await sendCode(ctx, flow, email, owner.id, (c) => templates.verificationCode(ctx.config, email, c));
  else flow.internal.codeAddress = email;
  flow.state = 'sent_email';
  return steps.show(codeSentNodes(flow.csrfToken, email, texts.labelVerificationCode()), 200, [
    texts.verificationCodeSent(),
  ]);
}

/**
 * Verification, second step: the right code verifies the address and offers to continue; a wrong one
 * says so (200); a code tried too often spends the flow, which is replaced.
 */
export async function verifyWithCode(
  ctx: FlowContext,
  flow: FlowRecord,
  code: string,
  steps: VerificationSteps,
): Promise<FlowOutcome> {
  const checked = await checkCode(ctx, flow, code);
  if (!checked.ok && checked.reason === 'too_many') return steps.retry(texts.codeSubmittedTooOften());
  if (!checked.ok)
    return steps.show(sentAgain(flow, texts.labelVerificationCode()), 200, [texts.verificationCodeInvalid()]);
  await ctx.identities.markVerified(checked.address, ctx.now);
  flow.state = 'passed_challenge';
  const next = flow.returnTo ?? ctx.config.defaultReturnUrl;
  return steps.show(
    [csrfNode(flow.csrfToken), anchor('code', 'continue', next, texts.labelContinue())],
    200,
    [texts.verificationSuccessful()],
  );
}
