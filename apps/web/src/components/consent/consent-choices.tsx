'use client';

import { useConsent } from '../../client/consent/use-consent';
import { ConsentPreferencesButton } from './consent-preferences-button';

const LABELS = {
  necessary: 'Necessary',
  nonessential: 'Advertising and measurement',
  embeds: 'Embedded videos',
};

/** The reader's current cookie choices, with the control that changes them. */
export function ConsentChoices() {
  const consent = useConsent();
  const summary =
    consent.status === 'given'
      ? `You have allowed: ${consent.categories.map((category) => LABELS[category]).join(', ')}.`
      : consent.status === 'pending'
        ? 'You have not made a choice yet: only necessary cookies are used.'
        : 'Reading your choices…';
  return (
    <section
      aria-labelledby="consent-choices-title"
      className="mt-8 space-y-3 rounded border border-rule bg-surface p-5 font-sans text-base"
    >
      <h2 id="consent-choices-title" className="text-lg font-semibold">
        Your choices
      </h2>
      <p aria-live="polite">{summary}</p>
      <ConsentPreferencesButton className="rounded bg-accent px-4 py-2 text-sm font-semibold text-accent-ink" />
    </section>
  );
}
