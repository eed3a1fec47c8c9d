import type { OidcProviderConfig } from '../identity-config';
import { errors } from '../http/kratos-error';
import { OpenIdError, sameSecret, type IdTokenClaims, type OpenIdErrorCode } from '../oidc/openid-client';
import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import { texts } from '../ui/ui-texts';
import type { UiText } from '../ui/ui-types';
import type { FlowContext } from './flow-context';
import { render } from './flow-common';
import { loginMethodNodes } from './login-flow';
import { findOidcProvider, oidcRedirectUri } from './oidc-start';
import { registrationMethodNodes } from './registration-flow';
import { issueSession } from './sessions';

/** What the provider's return led to; the HTTP layer answers the browser with a redirect for each. */
export type OidcCallbackResult =
  /** Signed in (a new session, or `token` empty when a refresh updated the current one). */
  | { kind: 'signed_in'; flow: FlowRecord; identity: IdentityRecord; token: string; returnTo: string }
  /** The flow shows why the sign-in did not happen; save it and send the browser to its screen. */
  | { kind: 'flow'; flow: FlowRecord }
  /** The flow expired while the reader was at the provider. */
  | { kind: 'expired'; flow: FlowRecord }
  /** The browser has a session already (Kratos: back to `return_to`). */
  | { kind: 'already_signed_in'; returnTo: string };

export interface OidcCallbackInput {
  providerId: string;
  /** The callback's query (Apple's form post arrives here as a query too). */
  params: URLSearchParams;
  /** The state cookie the browser sent, if any. */
  stateCookie: string | undefined;
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
 * GET /self-service/methods/oidc/callback/{provider}: checks that the answer belongs to a flow started in
 * this browser (state in the flow and the cookie), exchanges the code, verifies the ID token, then signs in
 * the identity holding `provider:subject`, or creates one from the claims with its address verified. A
 * new subject whose e-mail belongs to another identity is not linked: the flow says how to sign in.
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
  if (flow.kind === 'browser' && !sameSecret(input.stateCookie, state)) return reason('browser');
  if (flow.expiresAt <= ctx.now) return { kind: 'expired', flow };
  const returnTo = flow.returnTo ?? ctx.config.defaultReturnUrl;
  if (ctx.session && !flow.internal.refresh) return { kind: 'already_signed_in', returnTo };
  if (input.params.get('error')) return reason('denied');
  const code = input.params.get('code');
  if (!code) return reason('no_code');

  let claims: IdTokenClaims;
  try {
    const redirectUri = oidcRedirectUri(ctx.config, provider);
    const { idToken } = await ctx.openId.exchangeCode(provider, {
      code,
      redirectUri,
      codeVerifier: started.codeVerifier,
    });
    claims = await ctx.openId.verifyIdToken(provider, idToken, { nonce: started.nonce, now: ctx.now });
  } catch (error) {
    if (!(error instanceof OpenIdError)) throw error;
    console.warn(`Social sign-in with ${provider.id} refused:`, error.message);
    return reason(error.code);
  }

  const identifier = `${provider.id}:${claims.subject}`;
  const known = await ctx.identities.findByCredential('oidc', identifier);
  if (known) return signIn(ctx, flow, known, provider, returnTo, refuse);

  if (!claims.email)
    return refuse([
      texts.systemGeneric(
        `${provider.label} did not share an e-mail address. Allow it to, or sign up with your e-mail address.`,
      ),
    ]);
  if (!claims.emailVerified)
    return refuse([
      texts.systemGeneric(
        `${provider.label} has not confirmed that ${claims.email} is yours. Confirm it there, or sign up with your e-mail address.`,
      ),
    ]);
  const duplicate = await ctx.identities.findByEmail(claims.email);
  if (duplicate) return refuse([duplicateMessage(claims.email, duplicate)]);
  const created = await ctx.identities.create({
    traits: traitsOf(claims, input.params.get('user')),
    verified: true,
    credentials: [
      {
        type: 'oidc',
        identifier,
        config: { providers: [{ provider: provider.id, subject: claims.subject }] },
      },
    ],
    now: ctx.now,
  });
  if (created) return signIn(ctx, flow, created, provider, returnTo, refuse);
  // Another request won the race: the same subject signs in; someone else's e-mail is a duplicate.
  const raced = await ctx.identities.findByCredential('oidc', identifier);
  if (raced) return signIn(ctx, flow, raced, provider, returnTo, refuse);
  const owner = await ctx.identities.findByEmail(claims.email);
  return refuse([owner ? duplicateMessage(claims.email, owner) : texts.duplicateCredentials()]);
}

async function signIn(
  ctx: FlowContext,
  flow: FlowRecord,
  identity: IdentityRecord,
  provider: OidcProviderConfig,
  returnTo: string,
  refuse: (messages: UiText[]) => OidcCallbackResult,
): Promise<OidcCallbackResult> {
  if (identity.state !== 'active')
    return refuse([{ id: 4010011, type: 'error', text: 'This account was disabled.' }]);
  flow.state = 'passed_challenge';
  if (flow.internal.refresh && ctx.session) {
    if (ctx.session.identityId !== identity.id) throw errors.identityMismatch();
    const method = {
      method: 'oidc',
      aal: 'aal1' as const,
      completed_at: ctx.now.toISOString(),
      provider: provider.id,
    };
    await ctx.sessions.refresh(ctx.session.id, method, ctx.now, ctx.config.sessionLifespanSeconds);
    return { kind: 'signed_in', flow, identity, token: '', returnTo };
  }
  const { token } = await issueSession(ctx, identity.id, 'oidc', provider.id);
  return { kind: 'signed_in', flow, identity, token, returnTo };
}

function duplicateMessage(email: string, owner: IdentityRecord): UiText {
  const types = [...new Set(owner.credentials.map((c) => c.type))];
  const providers = [
    ...new Set(owner.credentials.filter((c) => c.type === 'oidc').map((c) => c.identifier.split(':')[0]!)),
  ];
  return texts.duplicateOfSocial(email, types, providers);
}

/** Traits from the claims; Apple sends the name once, in the `user` form field, not in the token. */
function traitsOf(claims: IdTokenClaims, appleUser: string | null): Traits {
  let first = claims.givenName;
  let last = claims.familyName;
  if (appleUser && appleUser.length < 2000) {
    try {
      const name = (JSON.parse(appleUser) as { name?: { firstName?: unknown; lastName?: unknown } }).name;
      if (typeof name?.firstName === 'string') first ??= name.firstName.trim().slice(0, 100) || undefined;
      if (typeof name?.lastName === 'string') last ??= name.lastName.trim().slice(0, 100) || undefined;
    } catch {
      /* not JSON: no name */
    }
  }
  const name = first || last ? { name: { ...(first ? { first } : {}), ...(last ? { last } : {}) } } : {};
  return { email: claims.email!, ...name };
}
