import type { IdentityConfig } from '../identity-config';
import type { WhoamiCache } from '../cache/whoami-cache';
import type { FlowAnswers } from '../http/flow-answer';
import type { RequestContext } from '../http/request-context';
import type { IdentityStores } from '../store/identity-stores';

/** What the route groups are built from; each takes the part it uses. */
export type RouteDeps = IdentityStores &
  RequestContext &
  FlowAnswers & {
    config: IdentityConfig;
    clock: () => Date;
    /** The public base URL (`config.publicBaseUrl`). */
    base: string;
    cache: WhoamiCache | undefined;
  };
