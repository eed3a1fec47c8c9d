'use client';

import { useState, type FormEvent } from 'react';
import { track } from '../../client/analytics/tracker';
import { runMutation } from '../../client/graphql/graphql-client';
import { UpdateNewsletterSubscriptionsMutation } from '../../client/graphql/newsletters.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import type { NewsletterChoice } from './newsletter-preferences';
import { useHydrated } from '../../client/use-hydrated';

const PLACEMENT = 'one_more_step';

/**
 * The one-more-step newsletters step: the newsletters marked visible there, the preselected ones ticked
 * unless the reader already chose. Saving subscribes the ticked ones and unsubscribes the unticked ones
 * the reader had.
 */
export function OneMoreStepNewsletters({
  choices,
  destination,
  showContinue,
}: {
  choices: readonly NewsletterChoice[];
  destination: string;
  showContinue: boolean;
}) {
  const client = useGraphQLClient();
  const offered = choices.filter((c) => c.visibleOnOneMoreStep);
  const [chosen, setChosen] = useState(
    () =>
      new Set(offered.filter((c) => c.subscribed || c.preselectedOnOneMoreStep).map((c) => c.newsletterId)),
  );
  const [phase, setPhase] = useState<'choose' | 'busy' | 'saved'>('choose');
  const [error, setError] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === 'busy') return;
    const subscriptions = offered
      .filter((c) => chosen.has(c.newsletterId) || c.subscribed)
      .map((c) => ({
        newsletterId: c.newsletterId,
        status: chosen.has(c.newsletterId) ? ('subscribed' as const) : ('unsubscribed' as const),
      }));
    if (subscriptions.length === 0) return setError('Choose at least one newsletter.');
    setError(null);
    setPhase('busy');
    try {
      const data = await runMutation(client, UpdateNewsletterSubscriptionsMutation, {
        input: { subscriptions, placementVariant: PLACEMENT },
      });
      const result = data.updateNewsletterSubscriptions;
      if (result.__typename !== 'NewsletterSubscriptionsUpdated') {
        setPhase('choose');
        return setError(result.message);
      }
      if (result.newlySubscribedIds.length > 0)
        track({
          event: 'newsletter_subscribe',
          data: { newsletterIds: [...result.newlySubscribedIds], placementVariant: PLACEMENT },
        });
      setPhase('saved');
    } catch {
      setPhase('choose');
      setError('That did not work just now. Nothing has changed: please try again.');
    }
  }

  if (offered.length === 0) return null;
  return (
    <section aria-labelledby="oms-newsletters" className="mt-8">
      <h2 id="oms-newsletters" className="font-serif text-2xl font-bold">
        Your newsletters
      </h2>
      <form onSubmit={(event) => void save(event)} className="mt-4" noValidate>
        <fieldset>
          <legend className="sr-only">Newsletters to receive</legend>
          <ul className="space-y-3">
            {offered.map((c) => (
              <li key={c.newsletterId} className="flex gap-3">
                <input
                  id={`oms-${c.newsletterId}`}
                  type="checkbox"
                  className="mt-1 h-4 w-4"
                  checked={chosen.has(c.newsletterId)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(c.newsletterId);
                    else next.delete(c.newsletterId);
                    setChosen(next);
                    setPhase('choose');
                  }}
                />
                <label htmlFor={`oms-${c.newsletterId}`}>
                  <span className="font-semibold">{c.title}</span>
                  <span className="block text-sm text-muted">{c.description}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {error ? (
          <p role="alert" className="mt-3 text-red-700">
            {error}
          </p>
        ) : null}
        <p className="mt-4 flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={!hydrated || phase === 'busy'}
            className="rounded bg-ink px-4 py-2 text-paper"
          >
            {phase === 'busy' ? 'Saving…' : 'Save my newsletters'}
          </button>
          {phase === 'saved' ? (
            <span role="status">
              Saved.{' '}
              {showContinue ? (
                <a href={destination} className="underline">
                  Continue
                </a>
              ) : null}
            </span>
          ) : null}
        </p>
      </form>
    </section>
  );
}
