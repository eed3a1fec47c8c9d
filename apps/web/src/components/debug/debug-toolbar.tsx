'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { getRecentEvents, subscribeRecentEvents } from '../../client/analytics/recent-events';
import { consentedTagsStatus } from '../../client/consent/consented-tags';
import { useConsent } from '../../client/consent/use-consent';
import { DebugPanels } from './debug-panels';
import { debugSlots } from './debug-slots';
import { rawSessionClaims } from './raw-claims';

const NONE: readonly never[] = [];

/**
 * The debug toolbar (spec §1): loaded in the browser only, and only when DEBUG_MODE is on (the page
 * shell loads it with `next/dynamic`, `ssr: false`, behind the flag). Shows the auth state and the session token's claims,
 * the consent state with the consented tags, recent analytics events, and panels other parts register
 * (the paywall decision, A/B groups).
 */
export function DebugToolbar() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const auth = useAuth();
  const consent = useConsent();
  const events = useSyncExternalStore(subscribeRecentEvents, getRecentEvents, () => NONE);
  const slots = useSyncExternalStore(debugSlots.subscribe, debugSlots.get, () => NONE);

  return (
    <aside
      aria-label="Debug toolbar"
      className="fixed bottom-2 right-2 z-50 flex max-w-[calc(100vw-1rem)] flex-col-reverse text-sm"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="ml-auto block rounded bg-ink px-3 py-1 font-mono text-xs text-paper"
      >
        Debug
      </button>
      {open ? (
        <div
          id={panelId}
          className="mb-1 grid max-h-[70vh] w-[36rem] max-w-full gap-3 overflow-auto rounded border border-rule bg-paper p-3 shadow-lg"
        >
          <DebugPanels
            auth={auth}
            // Read on each render while open: the auth state re-renders the toolbar when the token changes.
            claims={rawSessionClaims(document.cookie)}
            consent={consent}
            tags={consentedTagsStatus()}
            events={events}
            slots={slots}
          />
        </div>
      ) : null}
    </aside>
  );
}
