import type { Metadata } from 'next';
import { NewsletterPreferences } from '../../../components/newsletters/newsletter-preferences';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { newsletterChoices } from '../../../server/newsletters-page';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your newsletters', robots: { index: false } };

/** Spec §2 /user/newsletters/: every newsletter, grouped, with the reader's subscriptions to change. */
export default async function NewslettersPage() {
  const viewer = await getServerViewer();
  if (!viewer)
    return <SignedOutPage title="Your newsletters" reason="Sign in to choose the newsletters you receive." />;
  const choices = await newsletterChoices(viewer.user_id);
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Your newsletters</h1>
      <p className="mt-3 text-lg text-muted">
        Choose what arrives in your inbox at {viewer.email}. Every e-mail has a link to unsubscribe.
      </p>
      <NewsletterPreferences choices={choices} placementVariant="newsletters_page" />
    </section>
  );
}
