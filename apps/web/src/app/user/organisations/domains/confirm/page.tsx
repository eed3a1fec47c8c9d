import type { Metadata } from 'next';
import { ConfirmOrganisationDomain } from '../../../../../components/organisations/confirm-organisation-domain';
import { single } from '../../../../../server/identity-flows';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Confirm an e-mail domain',
  robots: { index: false },
  referrer: 'no-referrer',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The page of a domain verification link. Opening it changes nothing (mail scanners open links): the
 * claim is confirmed only when the reader presses the button, which sends the link's token.
 */
export default async function ConfirmOrganisationDomainPage({ searchParams }: Props) {
  const token = single((await searchParams).token)?.slice(0, 2048) ?? '';
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-3xl font-bold">Confirm an e-mail domain</h1>
      <ConfirmOrganisationDomain token={token} />
    </section>
  );
}
