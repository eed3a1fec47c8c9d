import type { IdentityRecord } from '../store/identity-store';
import type { SessionRecord } from '../store/session-store';

/** What the public API shows of an identity (never its credentials). */
export type PublicIdentity = Omit<IdentityRecord, 'credentials'>;

/** An identity in Kratos's `identity` shape (public API: no credentials). */
export function serializeIdentity(identity: PublicIdentity, baseUrl: string): Record<string, unknown> {
  return {
    id: identity.id,
    schema_id: identity.schemaId,
    schema_url: `${baseUrl}/schemas/${Buffer.from(identity.schemaId).toString('base64url')}`,
    state: identity.state,
    traits: identity.traits,
    verifiable_addresses: identity.addresses
      .filter((a) => a.kind === 'verifiable')
      .map((a) => ({
        id: a.id,
        value: a.value,
        verified: a.verified,
        via: a.via,
        status: a.status,
        ...(a.verifiedAt ? { verified_at: a.verifiedAt.toISOString() } : {}),
        created_at: a.createdAt.toISOString(),
        updated_at: a.updatedAt.toISOString(),
      })),
    recovery_addresses: identity.addresses
      .filter((a) => a.kind === 'recovery')
      .map((a) => ({
        id: a.id,
        value: a.value,
        via: a.via,
        created_at: a.createdAt.toISOString(),
        updated_at: a.updatedAt.toISOString(),
      })),
    metadata_public: identity.metadataPublic ?? null,
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    organization_id: null,
  };
}

/** A session in Kratos's `session` shape. */
export function serializeSession(
  session: SessionRecord,
  identity: PublicIdentity | undefined,
  baseUrl: string,
  now: Date,
): Record<string, unknown> {
  return {
    id: session.id,
    active: session.active && session.expiresAt.getTime() > now.getTime(),
    expires_at: session.expiresAt.toISOString(),
    authenticated_at: session.authenticatedAt.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.authenticationMethods,
    issued_at: session.issuedAt.toISOString(),
    ...(identity ? { identity: serializeIdentity(identity, baseUrl) } : {}),
    devices: session.devices,
  };
}
