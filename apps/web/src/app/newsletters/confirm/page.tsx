import type { Metadata } from 'next';
import { ConfirmNewsletterSignUp } from '../../../components/newsletters/confirm-newsletter-signup';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Confirm your newsletters',
  robots: { index: false },
  referrer: 'no-referrer',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where a newsletter sign-up's confirmation e-mail links. Confirming is a button, not the visit: a mail
 * scanner that opens the link subscribes no one.
 */
export default async function ConfirmNewslettersPage({ searchParams }: Props) {
  const params = await searchParams;
  const token = typeof params.token === 'string' ? params.token : '';
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Newsletters</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Confirm your newsletters</h1>
      {token ? (
        <ConfirmNewsletterSignUp token={token} />
      ) : (
        <p role="alert" className="mt-4">
          This link has no confirmation token. Open the link from the e-mail we sent you, or{' '}
          <a href="/" className="underline">
            sign up again from any story
          </a>
          .
        </p>
      )}
    </section>
  );
}
