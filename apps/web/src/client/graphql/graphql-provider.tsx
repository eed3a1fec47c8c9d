'use client';

import { useMemo, type ReactNode } from 'react';
import { Provider } from 'urql';
import { useAuth } from '../auth/auth-provider';
import { useClientConfig } from '../config/client-config';
import { createGraphQLClient } from './graphql-client';

/**
 * Gives client components the GraphQL client (urql's `useQuery`/`useMutation`). An AuthError result
 * forces a token refresh through the auth store before the result is handed on (spec §8). Mount it
 * inside AuthProvider and ClientConfigProvider.
 */
export function GraphQLProvider({ children }: { children: ReactNode }) {
  const config = useClientConfig();
  const { store } = useAuth();
  const client = useMemo(
    () => createGraphQLClient({ config, onAuthError: () => store.forceRefresh() }),
    [config, store],
  );
  return <Provider value={client}>{children}</Provider>;
}
