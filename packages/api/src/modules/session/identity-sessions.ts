import { z } from 'zod';

/** The identity provider's session, as far as the product token needs it. */
export interface IdentitySession {
  sessionId: string;
  identityId: string;
  email: string;
  /** The name the reader gave at registration (identity traits), used to start their personal details. */
  name?: { first?: string; last?: string };
  /** When the reader last proved who they are (Kratos `authenticated_at`), for privileged changes. */
  authenticatedAt?: Date;
  /** Whether the sign-in address is a verified address of the identity (its seats held by invitation follow it). */
  emailVerified?: boolean;
}

/** What the session refresh needs from the identity provider: the consumer declares the port. */
export interface IdentitySessions {
  /** The session the browser's cookies carry, or null when there is none (401). */
  whoami(cookieHeader: string): Promise<IdentitySession | null>;
  /** How many other active sessions the same identity holds (bounded by `limit`). */
  countOtherSessions(cookieHeader: string, limit: number): Promise<number>;
}

export class IdentityUnavailableError extends Error {
  readonly code = 'identity_unavailable';
  constructor(detail: string) {
    super(`The identity provider could not be asked about the session: ${detail}`);
  }
}

const whoamiSchema = z.object({
  id: z.string().min(1),
  active: z.boolean().optional(),
  authenticated_at: z.iso.datetime({ offset: true }).optional().catch(undefined),
  identity: z.object({
    id: z.string().min(1),
    traits: z
      .object({
        email: z.string().min(3),
        name: z
          .object({ first: z.string().max(100).optional(), last: z.string().max(100).optional() })
          .partial()
          .optional()
          .catch(undefined),
      })
      .passthrough(),
    verifiable_addresses: z
      .array(z.object({ value: z.string(), verified: z.boolean().optional() }).passthrough())
      .optional()
      .catch(undefined),
  }),
});

/** The session a whoami answer's JSON describes, or null when it is not an active one. */
export function identitySessionOf(answer: unknown): IdentitySession | null {
  const parsed = whoamiSchema.safeParse(answer);
  if (!parsed.success || parsed.data.active === false) return null;
  const { email, name } = parsed.data.identity.traits;
  const first = name?.first?.trim();
  const last = name?.last?.trim();
  return {
    sessionId: parsed.data.id,
    identityId: parsed.data.identity.id,
    email,
    ...(first || last ? { name: { ...(first ? { first } : {}), ...(last ? { last } : {}) } } : {}),
    ...(parsed.data.authenticated_at ? { authenticatedAt: new Date(parsed.data.authenticated_at) } : {}),
    emailVerified: (parsed.data.identity.verifiable_addresses ?? []).some(
      (a) => a.verified === true && a.value.toLowerCase() === email.toLowerCase(),
    ),
  };
}

/**
 * The port over an identity server in this process that answers whoami without a request (the built-in
 * one): the same answers as over its public API, without building a request and a response for each
 * signed-in page. A whoami body seen lately is not parsed again (the built-in server hands back the same
 * cached body while the session is unchanged). Listing sessions goes through `others`.
 */
export function createInProcessIdentitySessions(options: {
  whoami: (cookieHeader: string) => Promise<{ body: string } | null>;
  others: IdentitySessions;
}): IdentitySessions {
  const parsed = new Map<string, IdentitySession | null>();
  return {
    async whoami(cookieHeader) {
      if (!cookieHeader) return null;
      let answer: { body: string } | null;
      try {
        answer = await options.whoami(cookieHeader);
      } catch (error) {
        throw new IdentityUnavailableError(error instanceof Error ? error.message : String(error));
      }
      if (!answer) return null;
      let session = parsed.get(answer.body);
      if (session === undefined) {
        const read = identitySessionOf(JSON.parse(answer.body));
        session = read && Object.freeze(read);
        // A few thousand bodies at most: the oldest goes first.
        if (parsed.size >= 5000) parsed.delete(parsed.keys().next().value!);
        parsed.set(answer.body, session);
      }
      return session;
    },
    countOtherSessions: (cookieHeader, limit) => options.others.countOtherSessions(cookieHeader, limit),
  };
}

/**
 * The port over the Kratos public API (`GET /sessions/whoami`, `GET /sessions`), forwarding the browser's
 * cookies. The same code talks to the built-in identity server and to Ory Kratos or Ory Network.
 */
export function createKratosIdentitySessions(options: {
  baseUrl: string;
  fetch?: typeof fetch;
}): IdentitySessions {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const get = async (path: string, cookieHeader: string) => {
    try {
      return await doFetch(`${base}${path}`, {
        headers: { accept: 'application/json', cookie: cookieHeader },
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      throw new IdentityUnavailableError(error instanceof Error ? error.message : String(error));
    }
  };
  return {
    async whoami(cookieHeader) {
      if (!cookieHeader) return null;
      const response = await get('/sessions/whoami', cookieHeader);
      if (response.status === 401 || response.status === 403) return null;
      if (!response.ok) throw new IdentityUnavailableError(`whoami answered ${response.status}`);
      return identitySessionOf(await response.json());
    },
    async countOtherSessions(cookieHeader, limit) {
      const response = await get(`/sessions?page_size=${limit}`, cookieHeader);
      if (!response.ok) throw new IdentityUnavailableError(`listing sessions answered ${response.status}`);
      const body: unknown = await response.json();
      return Array.isArray(body) ? body.length : 0;
    },
  };
}
