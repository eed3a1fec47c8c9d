'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { runMutation } from '../../client/graphql/graphql-client';
import { ConfirmOrganisationDomainMutation } from '../../client/graphql/organisation-domains.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

/** The button of a domain verification link's page: pressing it confirms the claim. */
export function ConfirmOrganisationDomain({ token }: { token: string }) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [state, setState] = useState<
    { kind: 'ready' } | { kind: 'busy' } | { kind: 'done'; text: string } | { kind: 'error'; text: string }
  >({ kind: 'ready' });
  const statusRef = useRef<HTMLParagraphElement>(null);

  async function confirm() {
    setState({ kind: 'busy' });
    try {
      const result = (await runMutation(client, ConfirmOrganisationDomainMutation, { input: { token } }))
        .confirmOrganisationAccountDomain;
      setState(
        result.__typename === 'OrganisationAccountDomainConfirmed'
          ? {
              kind: 'done',
              text: `${result.domain} is confirmed for ${result.accountTitle}'s membership. Colleagues who sign in with an address at ${result.domain} can now join it.`,
            }
          : { kind: 'error', text: result.message },
      );
    } catch {
      setState({ kind: 'error', text: 'That did not work just now. Nothing has changed: please try again.' });
    }
    statusRef.current?.focus();
  }

  if (!token) {
    return (
      <p role="alert" className="mt-6 text-lg">
        This link is not complete: open it from the e-mail again.
      </p>
    );
  }
  return (
    <div className="mt-6 space-y-4">
      {state.kind === 'done' ? null : (
        <>
          <p className="text-lg">
            An organisation asked to claim your e-mail domain for its membership. If that is right, press
            &ldquo;Confirm&rdquo;. If you did not expect this, close this page: nothing happens.
          </p>
          <button
            type="button"
            className="rounded bg-accent px-5 py-2 font-medium text-accent-ink disabled:opacity-60"
            disabled={!hydrated || state.kind === 'busy'}
            onClick={() => void confirm()}
          >
            {state.kind === 'busy' ? 'Confirming…' : 'Confirm'}
          </button>
        </>
      )}
      <p
        ref={statusRef}
        tabIndex={-1}
        role="status"
        aria-live="polite"
        data-testid="confirm-domain-status"
        className={state.kind === 'error' ? 'font-medium text-accent' : 'text-lg'}
      >
        {state.kind === 'done' || state.kind === 'error' ? state.text : ''}
      </p>
      {state.kind === 'done' ? (
        <p>
          <Link href="/">Go to the front page</Link>
        </p>
      ) : null}
    </div>
  );
}
