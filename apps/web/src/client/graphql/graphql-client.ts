import {
  Client,
  cacheExchange,
  fetchExchange,
  mapExchange,
  type AnyVariables,
  type DocumentInput,
  type OperationResult,
} from '@urql/core';
import type { ClientConfig } from '@bof/config/client';
import { containsAuthError } from './auth-error-detection';
import { graphQLRequestHeaders } from './request-headers';

export const GRAPHQL_PATH = '/api/graphql/';

export interface GraphQLClientOptions {
  /** The endpoint; the site's own `/api/graphql/` by default. */
  url?: string;
  config: Pick<ClientConfig, 'appVersion' | 'appName'>;
  /** POST with a JSON body (default), or GET with the query in the URL for queries (mutations POST). */
  method?: 'POST' | 'GET';
  /** The current captcha token, when the page has one: sent as a header. */
  captchaToken?: () => string | null | undefined;
  /**
   * Called when a result holds an AuthError up to three levels deep, before the result is handed on.
   * Sign-in wires it to a forced token refresh (spec §4, §8).
   */
  onAuthError: () => Promise<unknown>;
  fetch?: typeof fetch;
}

/**
 * The browser's GraphQL client (urql), with spec §7's rules: credentials sent, app version and name
 * headers, the captcha header when supplied, and a forced token refresh on an AuthError result.
 */
export function createGraphQLClient(options: GraphQLClientOptions): Client {
  return new Client({
    url: options.url ?? GRAPHQL_PATH,
    preferGetMethod: options.method === 'GET' ? 'within-url-limit' : false,
    fetch: options.fetch,
    fetchOptions: () => ({
      credentials: 'include',
      headers: graphQLRequestHeaders({
        appVersion: options.config.appVersion,
        appName: options.config.appName,
        captchaToken: options.captchaToken?.(),
      }),
    }),
    exchanges: [
      cacheExchange,
      mapExchange({
        async onResult(result) {
          if (containsAuthError(result.data)) {
            // A failed refresh must not swallow the response: the caller still gets its AuthError.
            await options.onAuthError().catch(() => undefined);
          }
          return result;
        },
      }),
      fetchExchange,
    ],
  });
}

/** A GraphQL response that carried errors (or none of its data): always a failure (spec §7). */
export class GraphQLRequestError extends Error {
  readonly code = 'graphql_request_failed';
  constructor(readonly result: Pick<OperationResult, 'error' | 'data'>) {
    super(result.error?.message ?? 'The GraphQL response had no data.');
  }
}

/**
 * The data of a result, or GraphQLRequestError when the response had errors: partial data with
 * errors is a failure too.
 */
export function dataOf<Data>(result: Pick<OperationResult<Data>, 'data' | 'error'>): Data {
  if (result.error || result.data === undefined || result.data === null) {
    throw new GraphQLRequestError(result);
  }
  return result.data;
}

/** Runs a query against the network (no cache) and returns its data, or throws GraphQLRequestError. */
export async function runQuery<Data, Variables extends AnyVariables>(
  client: Client,
  document: DocumentInput<Data, Variables>,
  variables: Variables,
): Promise<Data> {
  return dataOf(await client.query(document, variables, { requestPolicy: 'network-only' }).toPromise());
}

/** Runs a mutation and returns its data, or throws GraphQLRequestError. */
export async function runMutation<Data, Variables extends AnyVariables>(
  client: Client,
  document: DocumentInput<Data, Variables>,
  variables: Variables,
): Promise<Data> {
  return dataOf(await client.mutation(document, variables).toPromise());
}
