'use client';

import { useMemo } from 'react';
import { useAuth } from '../auth/auth-provider';
import { useClientConfig } from '../config/client-config';
import type { GraphQLClientOptions } from './graphql-client';

/**
 * What the browser's GraphQL client is built with (browserGraphQLClient): the page's configuration, and a
 * token refresh through the auth store on an AuthError result. Code that loads the client on demand passes
 * these to it, so the client itself stays out of the page's first load. Use inside AuthProvider and
 * ClientConfigProvider.
 */
export function useGraphQLClientOptions(): Pick<GraphQLClientOptions, 'config' | 'onAuthError'> {
  const config = useClientConfig();
  const { store } = useAuth();
  return useMemo(() => ({ config, onAuthError: () => store.forceRefresh() }), [config, store]);
}
