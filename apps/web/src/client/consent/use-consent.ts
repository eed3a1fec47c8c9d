'use client';

import { useSyncExternalStore } from 'react';
import type { ConsentState } from './consent-categories';
import { consentStore } from './consent-store';

/** The reader's consent; `unknown` while rendering on the server and until the consent layer starts. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(consentStore.subscribe, consentStore.getState, consentStore.getServerState);
}
