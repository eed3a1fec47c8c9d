import type { Database } from '@bof/db/client';
import type { IdentityConfig } from '../identity-config';
import { createFlowStore } from './flow-store';
import { createIdentityStore } from './identity-store';
import { createRateLimitStore } from './rate-limit-store';
import { createSessionStore } from './session-store';
import { createTokenExchangeStore } from './token-exchange-store';

/** The identity server's stores over one database; flows and codes are signed with the server's secret. */
export function createIdentityStores(db: Database, config: Pick<IdentityConfig, 'secret'>) {
  return {
    identities: createIdentityStore(db),
    sessions: createSessionStore(db),
    flows: createFlowStore(db, config.secret),
    exchanges: createTokenExchangeStore(db),
    limits: createRateLimitStore(db),
  };
}

export type IdentityStores = ReturnType<typeof createIdentityStores>;
