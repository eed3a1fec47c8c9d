import { z } from 'zod';

/** An identity as the rest of the product needs it: who, its e-mail, and whether it may sign in. */
export interface IdentitySummary {
  id: string;
  email: string;
  /** `active` or `inactive` (Kratos's identity state). */
  state: string;
  /** Whether the e-mail is a verified address of the identity. */
  emailVerified: boolean;
}

/** What the product needs from the identity provider's admin API: the consumer declares the port. */
export interface IdentityAdmin {
  /** The identity with this id, or null when there is none. */
  findIdentityById(id: string): Promise<IdentitySummary | null>;
  /** The identity whose credentials use this e-mail as identifier, or null. */
  findIdentityByEmail(email: string): Promise<IdentitySummary | null>;
  /** The id of `findIdentityByEmail`, or null. */
  findIdentityIdByEmail(email: string): Promise<string | null>;
  /**
   * Creates an identity for this e-mail, with no credentials (the person sets a password through the
   * recovery flow); `verified` marks the address verified now. Null when the address is taken.
   */
  createIdentity(email: string, options: { verified: boolean; verifiedAt: Date }): Promise<string | null>;
  /**
   * Sets the identity's e-mail trait to `to` and makes `to` its only verifiable (verified at `verifiedAt`)
   * and recovery address, provided the trait still is `from`. 'taken': another identity holds `to`;
   * 'changed-meanwhile': the trait is no longer `from`.
   */
  changeEmail(
    identityId: string,
    change: { from: string; to: string; verifiedAt: Date },
  ): Promise<'changed' | 'taken' | 'not-found' | 'changed-meanwhile'>;
}

export class IdentityAdminError extends Error {
  readonly code = 'identity_admin_failed';
  constructor(detail: string) {
    super(`The identity admin API failed: ${detail}`);
  }
}

const identitySchema = z.object({
  id: z.string().min(1),
  state: z.string().optional(),
  traits: z.object({ email: z.string() }).passthrough(),
  verifiable_addresses: z
    .array(z.object({ value: z.string(), verified: z.boolean() }).passthrough())
    .nullish(),
});

const summaryOf = (identity: z.infer<typeof identitySchema>): IdentitySummary => ({
  id: identity.id,
  email: identity.traits.email,
  state: identity.state ?? 'active',
  emailVerified: (identity.verifiable_addresses ?? []).some(
    (a) => a.verified && a.value.toLowerCase() === identity.traits.email.toLowerCase(),
  ),
});

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/**
 * The port over Ory Kratos's admin API (`GET /admin/identities`, `PATCH /admin/identities/{id}` with a
 * JSON Patch). The same code talks to the built-in identity server's admin handler in-process and to Ory
 * Kratos or Ory Network at their admin URL, with the API key as bearer token.
 */
export function createKratosIdentityAdmin(options: {
  baseUrl: string;
  token?: string;
  fetch?: Fetch;
}): IdentityAdmin {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const call = async (method: string, path: string, body?: unknown) => {
    try {
      return await doFetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new IdentityAdminError(error instanceof Error ? error.message : String(error));
    }
  };

  async function findIdentityByEmail(email: string): Promise<IdentitySummary | null> {
    const response = await call(
      'GET',
      `/admin/identities?credentials_identifier=${encodeURIComponent(email)}&page_size=1`,
    );
    if (!response.ok) throw new IdentityAdminError(`listing identities answered ${response.status}`);
    const parsed = z.array(identitySchema).safeParse(await response.json());
    if (!parsed.success) throw new IdentityAdminError('listing identities answered an unexpected body');
    const found = parsed.data[0];
    return found ? summaryOf(found) : null;
  }

  return {
    async findIdentityById(id) {
      const response = await call('GET', `/admin/identities/${encodeURIComponent(id)}`);
      // Kratos answers 404 for an unknown id, a malformed one included.
      if (response.status === 404) return null;
      if (!response.ok) throw new IdentityAdminError(`reading the identity answered ${response.status}`);
      const parsed = identitySchema.safeParse(await response.json());
      if (!parsed.success) throw new IdentityAdminError('reading the identity answered an unexpected body');
      return summaryOf(parsed.data);
    },

    findIdentityByEmail,

    async findIdentityIdByEmail(email) {
      return (await findIdentityByEmail(email))?.id ?? null;
    },

    async createIdentity(email, { verified, verifiedAt }) {
      const response = await call('POST', '/admin/identities', {
        schema_id: 'default',
        traits: { email },
        verifiable_addresses: [
          {
            value: email,
            via: 'email',
            verified,
            status: verified ? 'completed' : 'pending',
            ...(verified ? { verified_at: verifiedAt.toISOString() } : {}),
          },
        ],
      });
      if (response.status === 409) return null;
      if (!response.ok) throw new IdentityAdminError(`creating an identity answered ${response.status}`);
      const parsed = identitySchema.safeParse(await response.json());
      if (!parsed.success) throw new IdentityAdminError('creating an identity answered an unexpected body');
      return parsed.data.id;
    },

    async changeEmail(identityId, change) {
      const path = `/admin/identities/${encodeURIComponent(identityId)}`;
      const response = await call('PATCH', path, [
        // JSON Patch's `test` makes the change conditional: a concurrent change of the trait fails it.
        { op: 'test', path: '/traits/email', value: change.from },
        { op: 'replace', path: '/traits/email', value: change.to },
        {
          op: 'replace',
          path: '/verifiable_addresses',
          value: [
            {
              value: change.to,
              via: 'email',
              verified: true,
              status: 'completed',
              verified_at: change.verifiedAt.toISOString(),
            },
          ],
        },
        { op: 'replace', path: '/recovery_addresses', value: [{ value: change.to, via: 'email' }] },
      ]);
      if (response.status === 404) return 'not-found';
      if (response.status === 409) return 'taken';
      if (response.status === 400) {
        // A failed `test` is a 400; so is a malformed patch. Which one, the identity tells.
        const current = await call('GET', path);
        if (current.ok) {
          const parsed = identitySchema.safeParse(await current.json());
          if (parsed.success && parsed.data.traits.email !== change.from) return 'changed-meanwhile';
        }
        throw new IdentityAdminError('patching the identity answered 400');
      }
      if (!response.ok) throw new IdentityAdminError(`patching the identity answered ${response.status}`);
      return 'changed';
    },
  };
}
