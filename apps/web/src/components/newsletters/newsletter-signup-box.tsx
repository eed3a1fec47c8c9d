'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { track } from '../../client/analytics/tracker';
import { useGraphQLClientOptions } from '../../client/graphql/client-options';
import { onDemand } from '../../client/on-demand';
import { useHydrated } from '../../client/use-hydrated';

export interface OfferedNewsletter {
  newsletterId: string;
  title: string;
  description: string;
}

const PLACEMENT = 'article';

/** The box's requests, with the GraphQL client: fetched when first needed. */
const loadActions = onDemand(() => import('./newsletter-signup-actions'));

/**
 * The sign-up box under a story: the daily brief and the letters of the story's topics. A signed-in
 * reader ticks and subscribes here; a signed-out reader enters an address and is sent a confirmation
 * link (double opt-in), or signs in.
 */
export function NewsletterSignupBox({ offered }: { offered: readonly OfferedNewsletter[] }) {
  const auth = useAuth();
  const clientOptions = useGraphQLClientOptions();
  const [chosen, setChosen] = useState(() => new Set(offered.map((n) => n.newsletterId)));
  const [phase, setPhase] = useState<'choose' | 'busy' | 'done' | 'check-inbox'>('choose');
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const hydrated = useHydrated();
  const signedIn = auth.status === 'logged-in';

  async function requestByEmail() {
    const { requestNewslettersByEmail } = await loadActions();
    const result = await requestNewslettersByEmail(clientOptions, {
      email,
      newsletterIds: [...chosen],
      placementVariant: PLACEMENT,
    });
    if (result.__typename === 'NewsletterSignUpRequested') {
      setEmail(result.email);
      return setPhase('check-inbox');
    }
    setPhase('choose');
    if (result.__typename === 'ZodError') {
      const onEmail = result.fieldErrors.find((f) => f.path[1] === 'email');
      if (onEmail) return setEmailError(onEmail.message);
      return setError(result.fieldErrors[0]?.message ?? result.message);
    }
    setError(result.message);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'choose') return;
    if (chosen.size === 0) return setError('Choose at least one newsletter.');
    setError(null);
    setEmailError(null);
    if (!signedIn && !email.trim()) return setEmailError('Enter your e-mail address.');
    setPhase('busy');
    try {
      if (!signedIn) return await requestByEmail();
      const { subscribeToNewsletters } = await loadActions();
      const result = await subscribeToNewsletters(clientOptions, {
        newsletterIds: [...chosen],
        placementVariant: PLACEMENT,
      });
      if (result.__typename !== 'NewsletterSubscriptionsUpdated') {
        setPhase('choose');
        return setError(result.message);
      }
      if (result.newlySubscribedIds.length > 0)
        track({
          event: 'newsletter_subscribe',
          data: { newsletterIds: [...result.newlySubscribedIds], placementVariant: PLACEMENT },
        });
      setPhase('done');
    } catch {
      setPhase('choose');
      setError('That did not work just now. Nothing has changed: please try again.');
    }
  }

  if (offered.length === 0) return null;
  return (
    <section
      aria-labelledby="newsletter-signup"
      className="mt-10 rounded border border-rule bg-surface p-5 print:hidden"
    >
      <h2 id="newsletter-signup" className="font-serif text-xl font-bold">
        Get stories like this in your inbox
      </h2>
      {phase === 'check-inbox' ? (
        <p role="status" className="mt-3">
          Check your inbox: we have sent a link to {email} to confirm your newsletters. It is valid for 48
          hours.
        </p>
      ) : phase === 'done' ? (
        <p role="status" className="mt-3">
          You are signed up. Manage your newsletters in{' '}
          <Link prefetch={false} href="/user/newsletters/" className="underline">
            your newsletters
          </Link>
          .
        </p>
      ) : (
        <form
          onSubmit={(event) => void submit(event)}
          // Fetches the requests' code while the reader fills the box in, so sending it does not wait.
          onFocus={() => void loadActions().catch(() => undefined)}
          className="mt-3"
          noValidate
        >
          <fieldset>
            <legend className="sr-only">Newsletters</legend>
            <ul className="space-y-3">
              {offered.map((n) => (
                <li key={n.newsletterId} className="flex gap-3">
                  <input
                    id={`signup-${n.newsletterId}`}
                    type="checkbox"
                    className="mt-1 h-4 w-4"
                    checked={chosen.has(n.newsletterId)}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(n.newsletterId);
                      else next.delete(n.newsletterId);
                      setChosen(next);
                    }}
                  />
                  <label htmlFor={`signup-${n.newsletterId}`} className="text-sm">
                    <span className="font-semibold">{n.title}</span>
                    <span className="block text-muted">{n.description}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {error ? (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {signedIn ? (
            <button
              type="submit"
              disabled={!hydrated || phase === 'busy'}
              className="mt-4 rounded bg-ink px-4 py-2 text-sm text-paper"
            >
              {phase === 'busy' ? 'Signing up…' : 'Sign up'}
            </button>
          ) : (
            <div className="mt-4">
              <label htmlFor="signup-email" className="block text-sm font-semibold">
                Your e-mail address
              </label>
              <div className="mt-1 flex flex-wrap items-start gap-3">
                <input
                  id="signup-email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? 'signup-email-error' : undefined}
                  className="min-w-0 flex-1 rounded border border-rule px-3 py-2 text-sm"
                />
                <button
                  type="submit"
                  disabled={!hydrated || phase === 'busy'}
                  className="rounded bg-ink px-4 py-2 text-sm text-paper"
                >
                  {phase === 'busy' ? 'Sending…' : 'Sign up'}
                </button>
              </div>
              {emailError ? (
                <p id="signup-email-error" role="alert" className="mt-2 text-sm text-red-700">
                  {emailError}
                </p>
              ) : null}
              <p className="mt-3 text-sm text-muted">
                We will e-mail you a link to confirm. Have an account?{' '}
                <button type="button" onClick={() => void auth.actions.login()} className="underline">
                  Sign in
                </button>
              </p>
            </div>
          )}
        </form>
      )}
    </section>
  );
}
