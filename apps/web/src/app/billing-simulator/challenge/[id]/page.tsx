import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { runningServices } from '@bof/api/running-services';
import { devToolsAccess, LOOPBACK_ONLY_MESSAGE } from '../../../../server/embedded-only';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The billing simulator's stand-in for a bank's 3-D Secure page (embedded defaults only). */
export default async function ChallengePage({ params, searchParams }: Props) {
  const { env, billing } = await runningServices();
  const access = devToolsAccess(await headers(), env);
  if (access === 'not-embedded') notFound();
  if (access === 'not-loopback')
    return (
      <section className="mx-auto max-w-md px-gutter py-10">
        <h1 className="font-serif text-3xl font-bold">Test bank unavailable</h1>
        <p className="mt-4">{LOOPBACK_ONLY_MESSAGE}</p>
      </section>
    );
  const { id } = await params;
  const returnTo = (await searchParams).return_to;
  const simulator = billing.simulator;
  if (!simulator) notFound();
  const challenge = await simulator.getChallenge(id);
  if (!challenge) notFound();
  return (
    <section className="mx-auto max-w-md px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Test bank</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">Confirm this payment</h1>
      <p className="mt-4">
        This page stands in for your bank’s security check (3-D Secure). Choose what the bank answers.
      </p>
      {challenge.status !== 'pending' ? (
        <p role="status" className="mt-6 rounded border border-rule p-3">
          This check has already been answered ({challenge.status}).
        </p>
      ) : (
        <form method="post" action="/api/billing-simulator/challenge/" className="mt-8 flex flex-wrap gap-3">
          <input type="hidden" name="challenge" value={challenge.id} />
          <input type="hidden" name="return_to" value={typeof returnTo === 'string' ? returnTo : '/'} />
          <button type="submit" name="outcome" value="pass" className="rounded bg-ink px-4 py-2 text-paper">
            Approve payment
          </button>
          <button type="submit" name="outcome" value="fail" className="rounded border border-ink px-4 py-2">
            Decline payment
          </button>
        </form>
      )}
    </section>
  );
}
