import { errors, type KratosErrorId } from '../http/kratos-error';
import type { FlowRecord, FlowType } from '../store/flow-store';
import type { IdentityRecord } from '../store/identity-store';
import { texts } from '../ui/ui-texts';
import type { UiText } from '../ui/ui-types';
import type { FlowContext } from './flow-context';
import type { FlowOutcome } from './flow-outcome';
import type { FlowSubmission } from './flow-submission';
import { createLoginFlow, updateLoginFlow } from './login-flow';
import { createRecoveryFlow, updateRecoveryFlow } from './recovery-flow';
import { createRegistrationFlow, updateRegistrationFlow } from './registration-flow';
import { createSettingsFlow, updateSettingsFlow } from './settings-flow';
import { createVerificationFlow, updateVerificationFlow } from './verification-flow';

/** What a new flow starts from: the init request, or the expired flow it replaces. */
export interface FlowStart {
  kind: 'browser' | 'api';
  requestUrl: string;
  returnTo: string | undefined;
  /** Login: a re-authentication of the current session. */
  refresh: boolean;
  /** Login: the assurance level asked for. */
  aal: 'aal1' | 'aal2';
  /** Settings: whose settings (found by the caller when `forIdentity`). */
  identity?: IdentityRecord;
}

/** How one flow type is created, updated and replaced when expired (Kratos `selfservice/flow/*`). */
export interface FlowHandling {
  /** The flow belongs to a signed-in identity, which the caller finds and passes in `FlowStart`. */
  forIdentity: boolean;
  /** A session on the request refuses a new flow (Kratos `session_already_available`). */
  refusesSession(start: Pick<FlowStart, 'refresh' | 'aal'>): boolean;
  create(ctx: FlowContext, start: FlowStart): FlowRecord;
  /** A submission, with the body already checked against the flow's CSRF token or kind. */
  update(ctx: FlowContext, flow: FlowRecord, body: FlowSubmission): Promise<FlowOutcome>;
  /** Kratos's error id when an expired flow is fetched, by flow kind. */
  expiredOnFetchId: { browser?: KratosErrorId; api?: KratosErrorId };
  /** The message of a new flow replacing one that expired `minutes` ago. */
  expiredMessage(minutes: number): UiText;
}

const EXPIRED = 'self_service_flow_expired';

export const FLOW_HANDLING: Record<FlowType, FlowHandling> = {
  login: {
    forIdentity: false,
    refusesSession: ({ refresh, aal }) => !refresh && aal === 'aal1',
    create: (ctx, s) =>
      createLoginFlow(ctx, s.kind, s.requestUrl, s.returnTo, { refresh: s.refresh, aal: s.aal }),
    update: updateLoginFlow,
    expiredOnFetchId: { browser: EXPIRED, api: EXPIRED },
    expiredMessage: texts.loginFlowExpired,
  },
  registration: {
    forIdentity: false,
    refusesSession: () => true,
    create: (ctx, s) => createRegistrationFlow(ctx, s.kind, s.requestUrl, s.returnTo),
    update: updateRegistrationFlow,
    expiredOnFetchId: { browser: EXPIRED, api: EXPIRED },
    expiredMessage: texts.registrationFlowExpired,
  },
  recovery: {
    forIdentity: false,
    refusesSession: () => false,
    create: (ctx, s) => createRecoveryFlow(ctx, s.kind, s.requestUrl, s.returnTo),
    update: updateRecoveryFlow,
    expiredOnFetchId: { api: EXPIRED },
    expiredMessage: texts.recoveryFlowExpired,
  },
  verification: {
    forIdentity: false,
    refusesSession: () => false,
    create: (ctx, s) => createVerificationFlow(ctx, s.kind, s.requestUrl, s.returnTo),
    update: updateVerificationFlow,
    expiredOnFetchId: {},
    expiredMessage: texts.verificationFlowExpired,
  },
  settings: {
    forIdentity: true,
    refusesSession: () => false,
    create: (ctx, s) => createSettingsFlow(ctx, s.kind, s.requestUrl, s.returnTo, s.identity!),
    async update(ctx, flow, body) {
      const identity = ctx.session ? await ctx.identities.findById(ctx.session.identityId) : undefined;
      if (!identity) throw errors.noSession();
      if (identity.id !== flow.identityId) throw errors.identityMismatch();
      return updateSettingsFlow(ctx, flow, body, identity);
    },
    expiredOnFetchId: {},
    expiredMessage: texts.settingsFlowExpired,
  },
};
