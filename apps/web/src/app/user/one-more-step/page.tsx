import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getServerEnv } from '@bof/config/server';
import { PersonalDetailsForm } from '../../../components/account/personal-details-form';
import { OneMoreStepNewsletters } from '../../../components/newsletters/one-more-step-newsletters';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { resolveRedirectTarget } from '../../../client/auth/redirect-target';
import { isReaderTaskPath } from '../../../client/auth/reader-task';
import { personalDetailsFormData } from '../../../server/personal-details-page';
import { single } from '../../../server/identity-flows';
import { newsletterChoices } from '../../../server/newsletters-page';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The page's words for each way in (spec §2: plain, `flow=professional`, `flow=newsletters`). */
const VARIANTS = {
  default: {
    title: 'One more step',
    intro:
      'Tell us a little about yourself and your work, so we can show you the stories that matter to you.',
    submit: 'Continue',
  },
  professional: {
    title: 'One more step to BoF Professional',
    intro: 'Professional membership is built around your work. Tell us where you work and what you do.',
    submit: 'Continue to BoF Professional',
  },
  newsletters: {
    title: 'One more step to your newsletters',
    intro: 'Tell us about your work, and we will suggest the briefings that fit it.',
    submit: 'Continue to newsletters',
  },
} as const;

/**
 * Spec §2 /user/one-more-step/: completes the reader's UserData (names, country, job function,
 * industry, level, organisation). Once saved, the session token's `is_user_data_complete` turns true
 * and the reader goes on to `return_to` (this site only) or the front page; on their first sign-in
 * (`is_first_login`) on the plain variant, to /user/welcome/ first, unless they are on their way back to
 * a story or a checkout, or a wall brought them (the form decides: the wall journey is in the browser),
 * as what they came for comes first.
 */
export default async function OneMoreStepPage({ searchParams }: Props) {
  const params = await searchParams;
  const flow = single(params.flow);
  const way = flow === 'professional' || flow === 'newsletters' ? flow : 'default';
  const variant = VARIANTS[way];
  const origin = new URL(getServerEnv().siteUrl).origin;
  const returnTo = single(params.return_to);
  const destination = resolveRedirectTarget(returnTo ?? `${origin}/`, {
    kind: 'logout', // never back to one-more-step itself, nor to sign-out
    currentUrl: `${origin}/`,
    siteOrigin: origin,
  });

  const viewer = await getServerViewer();
  if (!viewer)
    return <SignedOutPage title={variant.title} reason="Sign in first, then tell us about your work." />;
  const data = await personalDetailsFormData(viewer.user_id);
  const detailsDone = data.complete && viewer.is_user_data_complete;
  // The newsletters step stays open once the details are complete: its choice is the point of it.
  if (detailsDone && way !== 'newsletters') redirect(destination);
  // The welcome page greets a new reader who came for nothing in particular; one on the way to BoF
  // Professional or to newsletters carries on there, and so does one reading a story or at a checkout.
  const welcome =
    viewer.is_first_login && way === 'default' && !isReaderTaskPath(new URL(destination).pathname)
      ? `${origin}/user/welcome/?${new URLSearchParams({ return_to: destination }).toString()}`
      : undefined;

  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{variant.title}</h1>
      <p className="mt-3 text-lg text-muted">{variant.intro}</p>
      {way === 'newsletters' ? (
        <OneMoreStepNewsletters
          choices={await newsletterChoices(viewer.user_id)}
          destination={destination}
          showContinue={detailsDone}
        />
      ) : null}
      <PersonalDetailsForm
        mode="complete"
        initial={data.initial}
        options={data.options}
        submitLabel={variant.submit}
        destination={destination}
        firstSignInDestination={welcome}
      />
    </section>
  );
}
