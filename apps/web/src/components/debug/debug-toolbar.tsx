'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { getRecentEvents, subscribeRecentEvents } from '../../client/analytics/recent-events';
import { useConsent } from '../../client/consent/use-consent';
import { debugSlots } from './debug-slots';

const NONE: readonly never[] = [];

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0">
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h2>
      {children}
    </section>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The debug toolbar (spec §1): loaded in the browser only, and only when DEBUG_MODE is on. Shows the
 * auth state and claims, the consent state, recent analytics events, and panels other parts register
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
          <Panel title="Auth state">
            <pre className="overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs">
              {json({ status: auth.status, user: auth.user })}
            </pre>
          </Panel>
          <Panel title="Consent">
            <pre className="font-mono text-xs">{json(consent)}</pre>
          </Panel>
          {slots.map((slot) => (
            <Panel key={slot.title} title={slot.title}>
              {slot.render()}
            </Panel>
          ))}
          <Panel title={`Recent analytics events (${events.length})`}>
            {events.length === 0 ? (
              <p className="text-muted">None yet.</p>
            ) : (
              <ol className="grid gap-1">
                {events.map((event) => (
                  <li key={`${event.at}-${event.name}`} className="font-mono text-xs">
                    <details>
                      <summary>
                        {new Date(event.at).toLocaleTimeString()} {event.name}
                      </summary>
                      <pre className="overflow-x-auto whitespace-pre-wrap break-all">{json(event.data)}</pre>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </div>
      ) : null}
    </aside>
  );
}
