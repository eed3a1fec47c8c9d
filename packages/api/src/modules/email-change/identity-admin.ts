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
   * The identity holding this e-mail as a verifiable address (or trait), or null: it finds the
   * passwordless and social identities, whose credentials do not use the e-mail as identifier. Kratos
   * has no filter for it, so it pages through the identities: only for when creating answered 409.
   */
  findIdentityIdByVerifiableAddress(email: string): Promise<string | null>;
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

/** Paging through identities for a verifiable address: 500 a page, at most 200 pages (100,000). */
const VERIFIABLE_ADDRESS_PAGE_SIZE = 500;
const VERIFIABLE_ADDRESS_MAX_PAGES = 200;

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

  /** The `page_token` of the `Link` header's next page (ory/x pagination), or null on the last page. */
  const nextPageToken = (response: Response): string | null => {
    for (const part of (response.headers.get('link') ?? '').split(',')) {
      const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
      if (match) return new URL(match[1]!, base).searchParams.get('page_token');
    }
    return null;
  };

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

    async findIdentityIdByVerifiableAddress(email) {
      const wanted = email.toLowerCase();
      let token: string | null = null;
      for (let page = 0; page < VERIFIABLE_ADDRESS_MAX_PAGES; page += 1) {
        const query = `page_size=${VERIFIABLE_ADDRESS_PAGE_SIZE}${token ? `&page_token=${encodeURIComponent(token)}` : ''}`;
        const response = await call('GET', `/admin/identities?${query}`);
        if (!response.ok) throw new IdentityAdminError(`listing identities answered ${response.status}`);
        const parsed = z.array(identitySchema).safeParse(await response.json());
        if (!parsed.success) throw new IdentityAdminError('listing identities answered an unexpected body');
        const found = parsed.data.find(
          (identity) =>
            (identity.verifiable_addresses ?? []).some((a) => a.value.toLowerCase() === wanted) ||
            identity.traits.email.toLowerCase() === wanted,
        );
        if (found) return found.id;
        token = nextPageToken(response);
        if (!token || parsed.data.length === 0) return null;
      }
      throw new IdentityAdminError('too many identities to look an address up');
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
