import { headers } from 'next/headers';
import { getServerEnv } from '@bof/config/server';
import { createIdentityClient, type FlowType, type IdentityFlow } from '../client/identity/identity-client';
import { IdentityApiError, IdentityFetchError } from '../client/identity/identity-errors';
import { resolveRedirectTarget } from '../client/auth/redirect-target';

export type FlowLoad =
  | { kind: 'flow'; flow: IdentityFlow }
  | { kind: 'restart' }
  | { kind: 'error'; error: IdentityApiError | IdentityFetchError };

/** Errors after which a new flow is the answer (spec §8: a failed flow fetch creates a new flow). */
const RESTART_STATUSES = new Set([403, 404, 410]);

/** Loads a browser flow on the server, forwarding the reader's cookies (Kratos checks its CSRF cookie). */
export async function loadFlow(type: FlowType, id: string): Promise<FlowLoad> {
  const cookie = (await headers()).get('cookie') ?? '';
  const client = createIdentityClient({
    baseUrl: getServerEnv().identityBaseUrl,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...init?.headers, cookie }, cache: 'no-store' }),
  });
  try {
    return { kind: 'flow', flow: await client.getFlow(type, id) };
  } catch (error) {
    if (error instanceof IdentityApiError && RESTART_STATUSES.has(error.status)) return { kind: 'restart' };
    if (error instanceof IdentityApiError || error instanceof IdentityFetchError)
      return { kind: 'error', error };
    throw error;
  }
}

/** The identity provider's address that starts a browser flow, returning to a target on this site only. */
export function startFlowUrl(
  type: FlowType,
  returnTo: string | undefined,
  extra: Record<string, string> = {},
): string {
  const env = getServerEnv();
  const origin = new URL(env.siteUrl).origin;
  const target = resolveRedirectTarget(returnTo ?? `${origin}/`, {
    kind: type === 'login' ? 'login' : 'logout',
    currentUrl: `${origin}/`,
    siteOrigin: origin,
  });
  const search = new URLSearchParams({ ...extra, return_to: target });
  return `${env.identityBaseUrl}/self-service/${type}/browser?${search.toString()}`;
}

/** One value of a search parameter. */
export function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
