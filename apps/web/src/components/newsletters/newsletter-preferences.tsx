'use client';

import { useState } from 'react';
import { track } from '../../client/analytics/tracker';
import { runMutation } from '../../client/graphql/graphql-client';
import { UpdateNewsletterSubscriptionsMutation } from '../../client/graphql/newsletters.documents';
import { useGraphQLClient } from '../../client/graphql/use-graphql-client';
import { useHydrated } from '../../client/use-hydrated';

export interface NewsletterChoice {
  newsletterId: string;
  title: string;
  description: string;
  author: string;
  badges: string[];
  group: string;
  subscribed: boolean;
  visibleOnOneMoreStep: boolean;
  preselectedOnOneMoreStep: boolean;
}

const GROUP_TITLES: Record<string, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  PERSONALISED: 'Personalised for you',
};
const FAILED_TEXT = 'That did not work just now. Nothing has changed: please try again.';

/**
 * The reader's newsletters, grouped, each with a subscribe switch. A switch changes at once and is put
 * back if the server refuses; the outcome is announced to screen readers.
 */
export function NewsletterPreferences({
  choices,
  placementVariant,
}: {
  choices: readonly NewsletterChoice[];
  placementVariant: string;
}) {
  const hydrated = useHydrated();
  const client = useGraphQLClient();
  const [subscribed, setSubscribed] = useState(
    () => new Set(choices.filter((c) => c.subscribed).map((c) => c.newsletterId)),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  async function toggle(choice: NewsletterChoice) {
    if (busy) return;
    const wasOn = subscribed.has(choice.newsletterId);
    const apply = (on: boolean) =>
      setSubscribed((current) => {
        const next = new Set(current);
        if (on) next.add(choice.newsletterId);
        else next.delete(choice.newsletterId);
        return next;
      });
    apply(!wasOn);
    setBusy(choice.newsletterId);
    try {
      const data = await runMutation(client, UpdateNewsletterSubscriptionsMutation, {
        input: {
          subscriptions: [
            { newsletterId: choice.newsletterId, status: wasOn ? 'unsubscribed' : 'subscribed' },
          ],
          placementVariant,
        },
      });
      const result = data.updateNewsletterSubscriptions;
      if (result.__typename !== 'NewsletterSubscriptionsUpdated') {
        apply(wasOn);
        setStatus({ text: result.message, error: true });
        return;
      }
      if (result.newlySubscribedIds.length > 0)
        track({
          event: 'newsletter_subscribe',
          data: { newsletterIds: [...result.newlySubscribedIds], placementVariant },
        });
      setStatus({
        text: wasOn ? `You are unsubscribed from ${choice.title}.` : `You are subscribed to ${choice.title}.`,
        error: false,
      });
    } catch {
      apply(wasOn);
      setStatus({ text: FAILED_TEXT, error: true });
    } finally {
      setBusy(null);
    }
  }

  const groups = ['DAILY', 'WEEKLY', 'PERSONALISED'].map((group) => ({
    group,
    items: choices.filter((c) => c.group === group),
  }));

  return (
    <div>
      <p role="status" aria-live="polite" className={status?.error ? 'mt-4 text-red-700' : 'mt-4 text-muted'}>
        {status?.text ?? ''}
      </p>
      {groups.map(({ group, items }) =>
        items.length === 0 ? null : (
          <section key={group} aria-labelledby={`newsletters-${group}`} className="mt-8">
            <h2 id={`newsletters-${group}`} className="font-serif text-2xl font-bold">
              {GROUP_TITLES[group]}
            </h2>
            <ul className="mt-4 divide-y divide-rule border-y border-rule">
              {items.map((choice) => {
                const on = subscribed.has(choice.newsletterId);
                return (
                  <li
                    key={choice.newsletterId}
                    className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between"
                  >
                    <div>
                      <h3 className="font-semibold">
                        {choice.title}
                        {choice.badges.map((badge) => (
                          <span
                            key={badge}
                            className="ml-2 rounded-full bg-surface px-2 py-0.5 text-xs font-medium"
                          >
                            {badge}
                          </span>
                        ))}
                      </h3>
                      <p className="mt-1 text-sm text-muted">{choice.description}</p>
                      <p className="mt-1 text-xs text-muted">By {choice.author}</p>
                    </div>
                    <button
                      type="button"
                      aria-pressed={on}
                      aria-label={`${on ? 'Unsubscribe from' : 'Subscribe to'} ${choice.title}`}
                      disabled={!hydrated || busy === choice.newsletterId}
                      onClick={() => void toggle(choice)}
                      className={
                        on
                          ? 'shrink-0 rounded border border-ink px-4 py-2 text-sm'
                          : 'shrink-0 rounded bg-ink px-4 py-2 text-sm text-paper'
                      }
                    >
                      {on ? 'Subscribed' : 'Subscribe'}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ),
      )}
    </div>
  );
}
