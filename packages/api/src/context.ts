import type { Platform } from './platform/platform';

/** What every resolver receives: the running platform. The viewer joins it with sign-in. */
export interface GraphQLContext {
  platform: Platform;
}
