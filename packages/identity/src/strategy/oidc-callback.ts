import { errors } from '../http/kratos-error';
import { OpenIdError, type IdTokenClaims, type OpenIdErrorCode } from '../oidc/openid-client';
import { sameSecret } from '../security/codes';
import type { FlowRecord } from '../store/flow-store';
import { texts } from '../ui/ui-texts';
import type { UiText } from '../ui/ui-types';
import type { FlowContext } from '../flows/flow-context';
import { render } from '../flows/flow-common';
import { loginMethodNodes } from '../flows/login-flow';
import { signInWithClaims, type ClaimsOutcome } from './oidc-identity';
import { findOidcProvider, oidcRedirectUri } from './oidc-strategy';
import { registrationMethodNodes } from '../flows/registration-flow';

/** What the provider's return led to; the HTTP layer answers each per flow kind. */
export type OidcCallbackResult =
  /** Signed in (a new session, or `token` empty when a refresh updated the current one). */
  | { kind: 'signed_in'; flow: FlowRecord; signedIn: Extract<ClaimsOutcome, { kind: 'signed_in' }> }
  /** The flow shows why the sign-in did not happen. */
  | { kind: 'flow'; flow: FlowRecord }
  /** The e-mail is an account's: sign in to it on `loginFlow` to link the provider (1010016). */
  | { kind: 'link'; flow: FlowRecord; loginFlow: FlowRecord }
  /** The flow expired while the reader was at the provider. */
  | { kind: 'expired'; flow: FlowRecord }
  /** The browser has a session already (Kratos: back to `return_to`). */
  | { kind: 'already_signed_in'; flow: FlowRecord; returnTo: string };

export interface OidcCallbackInput {
  providerId: string;
  /** The callback's query (Apple's form post arrives here as a query too). */
  params: URLSearchParams;
  /** The state cookie the browser sent, if any. */
  stateCookie: string | undefined;
  /** Whether the flow hands its session over by a token exchange (then no cookie binds the browser). */
  exchange: (flow: FlowRecord) => Promise<boolean>;
}

const REASONS: Record<OpenIdErrorCode | 'state' | 'browser' | 'denied' | 'no_code', (p: string) => string> = {
  state: (p) => `The answer from ${p} does not belong to this sign-in. Please start again.`,
  browser: (p) =>
    `The sign-in with ${p} was started in another browser or has timed out. Please start again here.`,
  denied: (p) => `The sign-in with ${p} was cancelled or refused. Try again, or use another way to sign in.`,
  no_code: (p) => `${p} did not complete the sign-in. Please try again.`,
  discovery_failed: (p) => `${p} cannot be reached right now. Please try again in a moment.`,
  token_exchange_failed: (p) => `${p} did not confirm the sign-in. Please try again.`,
  id_token_expired: (p) => `The sign-in with ${p} took too long and has expired. Please try again.`,
  id_token_invalid: (p) => `The answer from ${p} could not be verified. Please try again.`,
  nonce_mismatch: (p) => `The answer from ${p} does not belong to this sign-in. Please start again.`,
};

/**
 * GET /self-service/methods/oidc/callback/{provider}: checks that the answer belongs to the flow (its
 * state) and to this browser (the state cookie), unless the flow is a native one handed over by a token
 * exchange, whose codes bind it instead; then trades the code with openid-client and signs in with the
 * claims. A native flow never looks at, or is given, this browser's session.
 * @throws KratosError when no flow can be found for the state (the error screen takes over).
 */
export async function completeOidc(ctx: FlowContext, input: OidcCallbackInput): Promise<OidcCallbackResult> {
  const state = input.params.get('state') ?? '';
  const flowId = state.split('.')[0];
  const flow = (await ctx.flows.find(flowId, 'login')) ?? (await ctx.flows.find(flowId, 'registration'));
  if (!flow)
    throw errors.badRequest(
      'The provider returned no state, or a state that matches no sign-in. Please start again.',
    );
  const started = flow.internal.oidc;
  // Used once: whatever happens next, this answer cannot be replayed.
  delete flow.internal.oidc;
  await ctx.flows.save(flow, ctx.now);
  if (flow.kind === 'api') ctx = { ...ctx, session: undefined };
  const provider =
    findOidcProvider(ctx.config, input.providerId) ?? findOidcProvider(ctx.config, started?.provider);
  const label = provider?.label ?? 'the provider';
  const refuse = (messages: UiText[]): OidcCallbackResult => {
    const nodes =
      flow.flowType === 'login'
        ? loginMethodNodes(ctx.config, flow.csrfToken)
        : registrationMethodNodes(ctx.config, flow.csrfToken);
    render(flow, ctx, nodes, messages);
    return { kind: 'flow', flow };
  };
  const reason = (why: keyof typeof REASONS) => refuse([texts.systemGeneric(REASONS[why](label))]);

  if (!started || !provider || started.provider !== provider.id || !sameSecret(started.state, state))
    return reason('state');
  const boundByCookie = flow.kind === 'browser' || !(await input.exchange(flow));
  if (boundByCookie && !sameSecret(input.stateCookie, state)) return reason('browser');
  if (flow.expiresAt <= ctx.now) return { kind: 'expired', flow };
  const returnTo = flow.returnTo ?? ctx.config.defaultReturnUrl;
  if (ctx.session && !flow.internal.refresh) return { kind: 'already_signed_in', flow, returnTo };
  if (input.params.get('error')) return reason('denied');
  if (!input.params.get('code')) return reason('no_code');

  let claims: IdTokenClaims;
  try {
    claims = await ctx.openId.completeAuthorization(provider, {
      redirectUri: oidcRedirectUri(ctx.config, provider),
      callbackParams: input.params,
      state: started.state,
      nonce: started.nonce,
      codeVerifier: started.codeVerifier,
    });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    console.warn(`Social sign-in with ${provider.id} refused:`, error.message);
    return reason(error.code);
  }
  const outcome = await signInWithClaims(ctx, flow, provider, claims, input.params.get('user'));
  switch (outcome.kind) {
    case 'signed_in':
      return { kind: 'signed_in', flow, signedIn: outcome };
    case 'refused':
      return refuse(outcome.messages);
    case 'link':
      return { kind: 'link', flow, loginFlow: outcome.loginFlow };
  }
}
