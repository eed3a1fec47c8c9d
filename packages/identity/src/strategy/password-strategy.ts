import { checkPassword } from '../security/password-policy';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../security/password-hasher';
import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import { addNodeMessage, input, submit } from '../ui/ui-nodes';
import { texts } from '../ui/ui-texts';
import type { UiNode } from '../ui/ui-types';
import type { FlowContext } from '../flows/flow-context';
import type { FlowOutcome } from '../flows/flow-outcome';
import type { LoginSteps } from '../flows/login-flow';
import { ensurePrivileged } from '../flows/privileged-session';
import type { RegistrationSteps } from '../flows/registration-flow';
import { completedMethod, issueSession } from '../flows/sessions';
import type { SettingsSteps } from '../flows/settings-flow';
import { startVerification } from '../flows/verification-flow';

/** The password strategy's nodes on the first login screen (after the identifier). */
export const passwordLoginNodes = (): UiNode[] => [
  input('password', 'password', 'password', {
    autocomplete: 'current-password',
    label: texts.labelPassword(),
  }),
  submit('password', 'method', 'password', texts.loginPassword()),
];

/** The password strategy's nodes on the first registration screen (after the traits). */
export const passwordRegistrationNodes = (): UiNode[] => [
  input('password', 'password', 'password', { autocomplete: 'new-password', label: texts.labelPassword() }),
  submit('password', 'method', 'password', texts.registration()),
];

/** The password strategy's nodes on the settings screen. */
export const passwordSettingsNodes = (): UiNode[] => [
  input('password', 'password', 'password', {
    required: true,
    autocomplete: 'new-password',
    label: texts.labelPassword(),
  }),
  submit('password', 'method', 'password', texts.labelSave()),
];

/**
 * `method=password` on login: the identifier's password credential must match; an unknown identifier
 * costs a hash as well, so the answer takes as long and says the same (invalid credentials, 4000006).
 */
export async function loginWithPassword(
  ctx: FlowContext,
  identifier: string,
  password: string,
  steps: LoginSteps,
): Promise<FlowOutcome> {
  const nodes = steps.methodNodes(identifier);
  if (!identifier) addNodeMessage(nodes, 'identifier', texts.required('identifier'));
  if (!password) addNodeMessage(nodes, 'password', texts.required('password'));
  if (!identifier || !password) return steps.fail(nodes, []);
  const identity = await ctx.identities.findByCredential('password', identifier);
  const hashed = identity?.credentials.find((c) => c.type === 'password')?.config.hashed_password;
  const ok =
    typeof hashed === 'string' ? await verifyPassword(hashed, password) : await verifyAgainstDummy(password);
  if (!ok || !identity) return steps.fail(nodes, [texts.invalidCredentials()]);
  return steps.complete(identity.id, 'password');
}

/**
 * `method=password` on registration, with traits already checked and free: the password must pass the
 * policy; the identity is made unverified, signed in, and sent to verify its address (a code is e-mailed).
 */
export async function registerWithPassword(
  ctx: FlowContext,
  flow: FlowRecord,
  traits: Traits,
  password: string,
  steps: RegistrationSteps,
): Promise<FlowOutcome> {
  const nodes = steps.methodNodes(traits);
  if (!password) {
    addNodeMessage(nodes, 'password', texts.required('password'));
    return steps.fail(nodes);
  }
  const verdict = await checkPassword(password, traits.email, { breaches: ctx.breachedPasswords });
  if (!verdict.ok) {
    addNodeMessage(nodes, 'password', texts.password(verdict.id, verdict.text, verdict.context));
    return steps.fail(nodes);
  }
  const identity = await ctx.identities.create({
    traits,
    verified: false,
    credentials: [
      {
        type: 'password',
        identifier: traits.email,
        config: { hashed_password: await hashPassword(password) },
      },
      {
        type: 'code',
        identifier: traits.email,
        config: { addresses: [{ channel: 'email', address: traits.email }] },
      },
    ],
    now: ctx.now,
  });
  if (!identity) return steps.fail(nodes, [texts.duplicateWithHints(traits.email, ['password', 'code'])]);
  flow.state = 'passed_challenge';
  const { session, token } = await issueSession(ctx, identity.id, [completedMethod(ctx, 'password')]);
  const verification = await startVerification(ctx, flow.kind, steps.returnTo, traits.email);
  return {
    kind: 'session',
    flow,
    session,
    token,
    identity,
    returnTo: steps.returnTo,
    registration: true,
    browserRedirect: `${ctx.config.ui.verification}?flow=${verification.id}`,
    continueWith: [
      {
        action: 'show_verification_ui',
        flow: {
          id: verification.id,
          verifiable_address: traits.email,
          url: `${ctx.config.ui.verification}?flow=${verification.id}`,
        },
      },
    ],
  };
}

/**
 * `method=password` on settings, in a privileged session: the new password must pass the policy and
 * differ from the current one.
 * @throws KratosError 403 when the session is too old to change the password.
 */
export async function changePassword(
  ctx: FlowContext,
  flow: FlowRecord,
  identity: IdentityRecord,
  password: string,
  steps: SettingsSteps,
): Promise<FlowOutcome> {
  ensurePrivileged(ctx, flow);
  const nodes = steps.nodes(identity.traits);
  const verdict = password
    ? await checkPassword(password, identity.traits.email, { breaches: ctx.breachedPasswords })
    : ({
        ok: false,
        id: 4000002,
        text: 'Property password is missing.',
        context: { property: 'password' },
      } as const);
  if (!verdict.ok) {
    addNodeMessage(nodes, 'password', {
      id: verdict.id,
      type: 'error',
      text: verdict.text,
      ...(verdict.context ? { context: verdict.context } : {}),
    });
    return steps.fail(nodes);
  }
  const current = identity.credentials.find((c) => c.type === 'password')?.config.hashed_password;
  if (typeof current === 'string' && (await verifyPassword(current, password))) {
    addNodeMessage(nodes, 'password', {
      id: 4000039,
      type: 'error',
      text: 'The new password must be different from the old password.',
    });
    return steps.fail(nodes);
  }
  await ctx.identities.setCredential(
    identity.id,
    'password',
    identity.traits.email,
    { hashed_password: await hashPassword(password) },
    ctx.now,
  );
  return steps.saved([]);
}
