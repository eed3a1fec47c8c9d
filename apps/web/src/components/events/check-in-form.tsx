'use client';

import { useRef, useState, type FormEvent } from 'react';
import { AdmitEventTicketMutation } from '../../client/graphql/events.documents';
import { runMutation } from '../../client/graphql/graphql-client';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

type Outcome = { kind: 'admitted' | 'refused'; text: string };

/**
 * The door: a ticket code typed, pasted or read by a scanner that types it (then Enter). Each answer is
 * announced, the field is emptied and focused again for the next person.
 */
export function CheckInForm({ eventSlug }: { eventSlug: string }) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const field = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (!code.trim()) {
      setOutcome({ kind: 'refused', text: 'Enter a ticket code.' });
      return;
    }
    setBusy(true);
    try {
      const result = (await runMutation(client, AdmitEventTicketMutation, { input: { eventSlug, code } }))
        .admitEventTicket;
      switch (result.__typename) {
        case 'EventAdmission':
          setOutcome({ kind: 'admitted', text: `Admitted at ${result.admittedAtLocal}.` });
          break;
        case 'TicketAlreadyAdmittedError':
          setOutcome({ kind: 'refused', text: `Already admitted at ${result.admittedAtLocal}.` });
          break;
        case 'ZodError':
          setOutcome({ kind: 'refused', text: result.fieldErrors.map((f) => f.message).join(' ') });
          break;
        default:
          setOutcome({ kind: 'refused', text: result.message });
      }
      setCode('');
    } catch {
      setOutcome({
        kind: 'refused',
        text: 'The check could not be made. Check the connection and scan again.',
      });
    } finally {
      setBusy(false);
      field.current?.focus();
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-6 space-y-4" noValidate>
      <div>
        <label htmlFor="ticket-code" className="block font-semibold">
          Ticket code
        </label>
        <input
          ref={field}
          id="ticket-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          className="mt-1 w-full rounded border border-muted bg-paper px-3 py-2 font-mono"
          placeholder="BOFT-…"
        />
      </div>
      <button
        type="submit"
        disabled={busy || !hydrated}
        className="rounded bg-accent px-4 py-2 font-medium text-accent-ink disabled:opacity-60"
      >
        {busy ? 'Checking…' : 'Check ticket'}
      </button>
      <div role="status" aria-live="assertive" data-testid="check-in-result">
        {outcome ? (
          <p
            className={`rounded border px-3 py-2 text-lg font-semibold ${outcome.kind === 'admitted' ? 'border-ink' : 'border-accent text-accent'}`}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
