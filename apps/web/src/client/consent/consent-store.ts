import type { ConsentState } from './consent-categories';

const UNKNOWN: ConsentState = { status: 'unknown' };
let state: ConsentState = UNKNOWN;
const listeners = new Set<() => void>();

/** The page's consent state, for `useSyncExternalStore`; replaced, never changed in place. */
export const consentStore = {
  getState: (): ConsentState => state,
  getServerState: (): ConsentState => UNKNOWN,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(next: ConsentState): void {
    state = next;
    for (const listener of listeners) listener();
  },
};
