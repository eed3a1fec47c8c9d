'use client';

import type { Client } from '@urql/core';
import { useAuth } from '../auth/auth-provider';
import { useClientConfig } from '../config/client-config';
import { browserGraphQLClient } from './browser-graphql-client';

/**
 * The browser's one GraphQL client (browserGraphQLClient), its AuthError results forcing a token refresh
 * through the auth store. Use inside AuthProvider and ClientConfigProvider.
 */
export function useGraphQLClient(): Client {
  const config = useClientConfig();
  const { store } = useAuth();
  return browserGraphQLClient({ config, onAuthError: () => store.forceRefresh() });
}
