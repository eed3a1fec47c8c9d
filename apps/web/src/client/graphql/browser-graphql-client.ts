import type { Client } from '@urql/core';
import { createGraphQLClient, type GraphQLClientOptions } from './graphql-client';

let shared: Client | undefined;
let onAuthErrorNow: () => Promise<unknown> = async () => undefined;

/**
 * The browser's one GraphQL client, shared by every component that talks to the endpoint, so they share
 * its cache and its token refresh. The first caller's configuration builds it (the configuration is the
 * same for the whole page); an AuthError result runs the most recent caller's `onAuthError`, which is
 * the auth store of the mounted AuthProvider. During server rendering each call gets a fresh client:
 * one process serves many readers, and nothing may pass between them.
 */
export function browserGraphQLClient(options: Pick<GraphQLClientOptions, 'config' | 'onAuthError'>): Client {
  if (typeof window === 'undefined') return createGraphQLClient(options);
  onAuthErrorNow = options.onAuthError;
  shared ??= createGraphQLClient({ config: options.config, onAuthError: () => onAuthErrorNow() });
  return shared;
}
