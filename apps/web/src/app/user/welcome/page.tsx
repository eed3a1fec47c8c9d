import type { Metadata } from 'next';
import { getServerEnv } from '@bof/config/server';
import { Welcome } from '../../../components/auth/welcome';
import { WelcomeTrialNote } from '../../../components/subscriptions/welcome-trial-note';
import { resolveRedirectTarget } from '../../../client/auth/redirect-target';
import { single } from '../../../server/identity-flows';

export const metadata: Metadata = { robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * After the first sign-in (one-more-step sends a new reader here) or a purchase: what the reader now
 * has, and where to go next. `return_to`, the page the reader signed up from, is offered as a way back
 * when it is a page of this site other than the front page.
 */
export default async function WelcomePage({ searchParams }: Props) {
  const origin = new URL(getServerEnv().siteUrl).origin;
  const returnTo = single((await searchParams).return_to);
  const back = returnTo
    ? resolveRedirectTarget(returnTo, {
        kind: 'logout', // never back to one-more-step, nor to sign-out
        currentUrl: `${origin}/`,
        siteOrigin: origin,
      })
    : null;
  const offerBack =
    back !== null && back !== `${origin}/` && !new URL(back).pathname.startsWith('/user/welcome');
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <Welcome />
      <WelcomeTrialNote />
      {offerBack ? (
        <p className="mt-8 border-t border-rule pt-6">
          <a href={back} className="font-semibold">
            Go back to the page you were on
          </a>
        </p>
      ) : null}
    </section>
  );
}
