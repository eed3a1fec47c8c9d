'use client';

import type { Client } from '@urql/core';
import { browserGraphQLClient } from './browser-graphql-client';
import { useGraphQLClientOptions } from './client-options';

/**
 * The browser's one GraphQL client (browserGraphQLClient), its AuthError results forcing a token refresh
 * through the auth store. Use inside AuthProvider and ClientConfigProvider.
 */
export function useGraphQLClient(): Client {
  return browserGraphQLClient(useGraphQLClientOptions());
}
