import { headers } from 'next/headers';
import { getServerEnv } from '@bof/config/server';
import { createIdentityClient, type FlowType, type IdentityFlow } from '../client/identity/identity-client';
import { IdentityApiError, IdentityFetchError } from '../client/identity/identity-errors';
import { flowStartUrl, type StartableFlow } from './flow-start-url';

export type FlowLoad =
  | { kind: 'flow'; flow: IdentityFlow }
  | { kind: 'restart' }
  | { kind: 'error'; error: IdentityApiError | IdentityFetchError };

/** Errors after which a new flow is the answer (spec §8: a failed flow fetch creates a new flow). */
const RESTART_STATUSES = new Set([403, 404, 410]);

/** The identity client for this request, forwarding the reader's cookies (Kratos checks its CSRF cookie). */
async function requestClient() {
  const cookie = (await headers()).get('cookie') ?? '';
  return createIdentityClient({
    baseUrl: getServerEnv().identityBaseUrl,
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...init?.headers, cookie }, cache: 'no-store' }),
  });
}

/** Loads a browser flow on the server. */
export async function loadFlow(type: FlowType, id: string): Promise<FlowLoad> {
  const client = await requestClient();
  try {
    return { kind: 'flow', flow: await client.getFlow(type, id) };
  } catch (error) {
    if (error instanceof IdentityApiError && RESTART_STATUSES.has(error.status)) return { kind: 'restart' };
    if (error instanceof IdentityApiError || error instanceof IdentityFetchError)
      return { kind: 'error', error };
    throw error;
  }
}

/**
 * The error a browser flow ended with (the provider sends the reader to `?error=<id>`): undefined when
 * the error is unknown or expired, so the page starts a fresh flow instead.
 */
export async function loadFlowError(id: string): Promise<IdentityApiError | IdentityFetchError | undefined> {
  const client = await requestClient();
  try {
    const body = (await client.getFlowError(id)) as {
      error?: { id?: string; code?: number; message?: string; reason?: string };
    };
    const error = body.error ?? {};
    return new IdentityApiError(error.code ?? 500, error.id, error.reason ?? error.message ?? '', body);
  } catch (error) {
    if (error instanceof IdentityApiError && RESTART_STATUSES.has(error.status)) return undefined;
    if (error instanceof IdentityApiError || error instanceof IdentityFetchError) return error;
    throw error;
  }
}

/** The identity provider's address that starts a browser flow, returning to a target on this site only. */
export function startFlowUrl(
  type: StartableFlow,
  returnTo: string | undefined,
  extra: Record<string, string> = {},
): string {
  const env = getServerEnv();
  return flowStartUrl({ type, returnTo, siteUrl: env.siteUrl, identityBaseUrl: env.identityBaseUrl, extra });
}

/** One value of a search parameter. */
export function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
