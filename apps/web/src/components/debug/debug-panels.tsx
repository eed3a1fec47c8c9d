import type { ReactNode } from 'react';
import type { RecentEvent } from '../../client/analytics/recent-events';
import type { AuthState } from '../../client/auth/auth-state';
import type { ConsentState } from '../../client/consent/consent-categories';
import type { DebugSlot } from './debug-slots';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0">
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{title}</h2>
      {children}
    </section>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const pre = 'overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs';

export interface DebugPanelsProps {
  auth: AuthState;
  /** The session token's claims as issued (`rawSessionClaims`). */
  claims: unknown;
  consent: ConsentState;
  /** The consented tags' loading state; null before non-essential consent. */
  tags: unknown;
  events: readonly RecentEvent[];
  slots: readonly DebugSlot[];
}

/** What the debug toolbar shows, from the state handed to it. */
export function DebugPanels({ auth, claims, consent, tags, events, slots }: DebugPanelsProps) {
  return (
    <>
      <Panel title="Auth state">
        <pre className={pre}>{json({ status: auth.status, user: auth.user })}</pre>
      </Panel>
      <Panel title="Session token claims">
        <pre className={pre}>{claims === null ? 'No session token.' : json(claims)}</pre>
      </Panel>
      <Panel title="Consent">
        <pre className={pre}>
          {json({ ...consent, tags: tags ?? 'not loaded (no non-essential consent)' })}
        </pre>
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
                    {new Date(event.at).toLocaleTimeString('en-GB')} {event.name}
                  </summary>
                  <pre className={pre}>{json(event.data)}</pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}
