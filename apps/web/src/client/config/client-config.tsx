'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ClientConfig } from '@bof/config/client';

const ClientConfigContext = createContext<ClientConfig | null>(null);

/** Hands the browser-safe configuration, chosen by the server, to client components. */
export function ClientConfigProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ClientConfigContext.Provider value={config}>{children}</ClientConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ClientConfigContext);
  if (!config) throw new Error('useClientConfig must be used inside ClientConfigProvider');
  return config;
}
