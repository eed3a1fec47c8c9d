import type { OidcProviderConfig } from '../identity-config';
import { errors } from '../http/kratos-error';
import type { IdTokenClaims } from '../oidc/openid-client';
import type { FlowRecord } from '../store/flow-store';
import type { IdentityRecord, Traits } from '../store/identity-store';
import type { AuthenticationMethod, SessionRecord } from '../store/session-store';
import { texts } from '../ui/ui-texts';
import type { UiNode, UiText } from '../ui/ui-types';
import type { FlowContext } from '../flows/flow-context';
import { newFlow } from '../flows/flow-common';
import { loginMethodNodes } from '../flows/login-flow';
import { issueSession } from '../flows/sessions';

/** What the claims of a verified ID token led to. */
export type ClaimsOutcome =
  /** Signed in: a new session (`token` set), or the current one refreshed (`token` empty). */
  | { kind: 'signed_in'; identity: IdentityRecord; session: SessionRecord; token: string; created: boolean }
  /** Not signed in; the flow shows why. */
  | { kind: 'refused'; messages: UiText[] }
  /** The e-mail belongs to an account: a new login flow (stored) asks to sign in to it and link (1010016). */
  | { kind: 'link'; loginFlow: FlowRecord };

const oidcMethod = (ctx: FlowContext, provider: string): AuthenticationMethod => ({
  method: 'oidc',
  aal: 'aal1',
  completed_at: ctx.now.toISOString(),
  provider,
});

/**
 * Signs in with a provider's verified claims, as Kratos's oidc strategy does: the identity holding
 * `provider:subject` signs in; otherwise a new identity is made from the claims with its address
 * verified, unless the e-mail is missing, unconfirmed by the provider, or already an account's: then the
 * reader is asked to sign in to that account, which links the provider to it (Kratos's account linking).
 */
export async function signInWithClaims(
  ctx: FlowContext,
  flow: FlowRecord,
  provider: OidcProviderConfig,
  claims: IdTokenClaims,
  appleUser: string | null,
): Promise<ClaimsOutcome> {
  const identifier = `${provider.id}:${claims.subject}`;
  const known = await ctx.identities.findByCredential('oidc', identifier);
  if (known) return signIn(ctx, flow, known, provider, false);
  if (!claims.email)
    return refused(
      `${provider.label} did not share an e-mail address. Allow it to, or sign up with your e-mail address.`,
    );
  if (!claims.emailVerified)
    return refused(
      `${provider.label} has not confirmed that ${claims.email} is yours. Confirm it there, or sign up with your e-mail address.`,
    );
  const owner = await ctx.identities.findByEmail(claims.email);
  if (owner) return { kind: 'link', loginFlow: await linkingFlow(ctx, flow, provider, claims, owner) };
  const created = await ctx.identities.create({
    traits: traitsOf(claims, appleUser),
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
  if (created) return signIn(ctx, flow, created, provider, true);
  // Another request won the race: the same subject signs in; someone else's e-mail asks to link.
  const raced = await ctx.identities.findByCredential('oidc', identifier);
  if (raced) return signIn(ctx, flow, raced, provider, false);
  const racedOwner = await ctx.identities.findByEmail(claims.email);
  if (racedOwner)
    return { kind: 'link', loginFlow: await linkingFlow(ctx, flow, provider, claims, racedOwner) };
  return { kind: 'refused', messages: [texts.duplicateCredentials()] };
}

const refused = (reason: string): ClaimsOutcome => ({
  kind: 'refused',
  messages: [texts.systemGeneric(reason)],
});

async function signIn(
  ctx: FlowContext,
  flow: FlowRecord,
  identity: IdentityRecord,
  provider: OidcProviderConfig,
  created: boolean,
): Promise<ClaimsOutcome> {
  if (identity.state !== 'active') return { kind: 'refused', messages: [texts.identityDisabled()] };
  flow.state = 'passed_challenge';
  if (flow.internal.refresh && ctx.session) {
    if (ctx.session.identityId !== identity.id) throw errors.identityMismatch();
    const method = oidcMethod(ctx, provider.id);
    await ctx.sessions.refresh(ctx.session.id, method, ctx.now, ctx.config.sessionLifespanSeconds);
    const session = {
      ...ctx.session,
      authenticatedAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + ctx.config.sessionLifespanSeconds * 1000),
      authenticationMethods: [...ctx.session.authenticationMethods, method],
    };
    return { kind: 'signed_in', identity, session, token: '', created };
  }
  const { session, token } = await issueSession(ctx, identity.id, [oidcMethod(ctx, provider.id)]);
  return { kind: 'signed_in', identity, session, token, created };
}

/**
 * The login flow of account linking (Kratos `registrationToLogin` with `populateAccountLinkingUI`): of
 * the same kind and `return_to` as the flow the reader came from, the identifier fixed to the e-mail,
 * the provider just used left out, the others relabelled "Confirm with …", and message 1010016.
 */
async function linkingFlow(
  ctx: FlowContext,
  from: FlowRecord,
  provider: OidcProviderConfig,
  claims: IdTokenClaims,
  owner: IdentityRecord,
): Promise<FlowRecord> {
  const email = claims.email!;
  const types = [...new Set([...owner.credentials.map((c) => c.type), 'code'])];
  const providers = [
    ...new Set(owner.credentials.filter((c) => c.type === 'oidc').map((c) => c.identifier.split(':')[0]!)),
  ];
  const flow = newFlow(ctx, {
    type: 'login',
    kind: from.kind,
    requestUrl: from.requestUrl,
    returnTo: from.returnTo ?? undefined,
    state: 'choose_method',
    internal: {
      refresh: false,
      requestedAal: 'aal1',
      linkCredentials: { identifier: email, provider: provider.id, subject: claims.subject },
    },
    nodes: (csrf) => linkingNodes(ctx, csrf, email, provider.id),
  });
  flow.ui.messages = [texts.loginLink(email, provider.label, ctx.config.ui.login, types, providers)];
  await ctx.flows.insert(flow);
  return flow;
}

function linkingNodes(ctx: FlowContext, csrf: string, email: string, usedProvider: string): UiNode[] {
  const nodes: UiNode[] = [];
  for (const node of loginMethodNodes(ctx.config, csrf, email)) {
    const a = node.attributes;
    if (a.node_type === 'input' && a.name === 'identifier') a.type = 'hidden';
    if (node.group === 'oidc' && a.node_type === 'input') {
      if (a.value === usedProvider) continue;
      const label = node.meta.label?.context?.provider;
      if (typeof label === 'string') node.meta.label = texts.loginWithAndLink(label);
    }
    nodes.push(node);
  }
  return nodes;
}

/** Whether a sign-in to `identity` may link credentials found for `identifier` (Kratos checks identifiers). */
export function holdsIdentifier(identity: IdentityRecord, identifier: string): boolean {
  // The schema makes the e-mail trait the identifier of the code method, credential row or not.
  return (
    identity.traits.email === identifier || identity.credentials.some((c) => c.identifier === identifier)
  );
}

/**
 * Completes account linking after a sign-in on a linking flow: the provider's credential joins the
 * identity and the session records the provider too (Kratos `maybeLinkCredentials`).
 * @returns the method to add to the session, or a message when the sign-in was to another account.
 */
export async function linkAfterSignIn(
  ctx: FlowContext,
  flow: FlowRecord,
  identity: IdentityRecord,
): Promise<{ ok: true; method?: AuthenticationMethod } | { ok: false; message: UiText }> {
  const link = flow.internal.linkCredentials;
  if (!link) return { ok: true };
  if (!holdsIdentifier(identity, link.identifier))
    return { ok: false, message: texts.linkedCredentialsDoNotMatch() };
  const added = await ctx.identities.addCredential(
    identity.id,
    {
      type: 'oidc',
      identifier: `${link.provider}:${link.subject}`,
      config: { providers: [{ provider: link.provider, subject: link.subject }] },
    },
    ctx.now,
  );
  if (!added) return { ok: false, message: texts.duplicateCredentials() };
  delete flow.internal.linkCredentials;
  return { ok: true, method: oidcMethod(ctx, link.provider) };
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
