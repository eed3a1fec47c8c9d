import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getServerEnv } from '@bof/config/server';
import { AppScreenTracker } from '../../components/app/app-screen-tracker';
import { wallCurrency } from '../../server/access/wall-currency';
import { wallPlans } from '../../server/access/wall-plans';
import { getServerViewer } from '../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false } };

/**
 * The non-member mobile app screen (spec §2, issue 27): where the installed app starts for a signed-out
 * reader or one without a membership. It offers signing in and the memberships the wall offers for
 * members' stories; a member is sent on to the front page.
 */
export default async function AppScreenPage() {
  const viewer = await getServerViewer();
  if (viewer && viewer.membership_level !== 'None') redirect('/');
  const { siteName } = getServerEnv();
  const plans = wallPlans('members', wallCurrency((await headers()).get('accept-language')));
  const signIn = `/user/login/?${new URLSearchParams({ return_to: '/' }).toString()}`;
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <AppScreenTracker
        signedIn={Boolean(viewer)}
        ctaUrl={viewer ? (plans[0]?.href ?? '/subscriptions/packages/') : signIn}
      >
        <h1 className="font-serif text-3xl font-bold">Welcome to {siteName}</h1>
        <p className="mt-4 text-lg">
          The app of news and analysis for the fashion business, with the stories you save readable offline.
        </p>
        {viewer ? (
          <p className="mt-6">
            You are signed in as {viewer.email}. A membership opens every story in the app.
          </p>
        ) : (
          <p className="mt-6">
            <a href={signIn} className="inline-block rounded bg-ink px-4 py-2 text-paper no-underline">
              Sign in
            </a>{' '}
            <span className="ml-2">Already a member? Sign in to read everything.</span>
          </p>
        )}
        <section aria-labelledby="app-plans-heading" className="mt-10 border-t border-rule pt-6">
          <h2 id="app-plans-heading" className="font-serif text-2xl font-bold">
            Become a member
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {plans.map((plan) => (
              <li key={plan.code} className="flex flex-col rounded border border-rule bg-paper p-4">
                <a href={plan.href} className="font-serif text-xl font-bold no-underline hover:underline">
                  {plan.title}
                </a>
                <span className="mt-1 text-sm text-muted">{plan.description}</span>
                <span className="mt-3 font-semibold">
                  {plan.price} <span className="font-normal text-muted">a year</span>
                </span>
                {plan.trialDays > 0 ? <span className="text-sm">{plan.trialDays}-day free trial</span> : null}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm">
            <a href="/subscriptions/packages/">All memberships</a>
          </p>
        </section>
        <p className="mt-10">
          <a href="/">Continue to the front page</a>
        </p>
      </AppScreenTracker>
    </div>
  );
}
