import Link from 'next/link';
import type { Currency } from '@bof/config/constants';
import { currencyForCountry, findPlan, formatMoney, isCurrency } from '@bof/api/billing';
import { runningServices } from '@bof/api/running-services';
import { STUDENT_PLAN_CODE } from '@bof/api/students';
import { ServerRenderSync } from '../../../../components/auth/server-render-sync';
import { readerLocale } from '../../../../server/reader-locale';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Spec §2 /subscriptions/packages/students/: the student membership, its price, and how to get it:
 * verify an academic address, then pay. A reader verified this academic year goes straight to payment.
 */
export default async function StudentPackagePage({ searchParams }: Props) {
  const params = await searchParams;
  const { locale, country } = await readerLocale();
  const asked = typeof params.currency === 'string' ? params.currency.toUpperCase() : '';
  const currency: Currency = isCurrency(asked) ? asked : currencyForCountry(country);
  const plan = findPlan(STUDENT_PLAN_CODE)!;
  const viewer = await getServerViewer();
  const { students } = await runningServices();
  const status = viewer ? await students.statusOf(viewer.user_id) : null;
  const isStudent = viewer?.membership_type === 'Student';
  const next = status?.eligible
    ? { href: `/subscriptions/students/payment/?currency=${currency}`, label: 'Continue to payment' }
    : { href: '/subscriptions/students/validation/', label: 'Verify your student address' };

  return (
    <div className="mx-auto max-w-page px-gutter py-10">
      <ServerRenderSync renderedFor={viewer?.user_id ?? null} />
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Membership</p>
      <h1 className="mt-2 font-serif text-3xl font-bold sm:text-4xl">Student membership</h1>
      <p className="mt-4 max-w-measure text-lg">
        Everything in Standard membership at a student price: every article, analysis and briefing, while you
        study.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="how-heading" className="max-w-measure">
          <h2 id="how-heading" className="font-serif text-2xl font-bold">
            How it works
          </h2>
          <ol className="mt-4 list-decimal space-y-2 pl-6">
            <li>Give us your academic e-mail address and the year you graduate.</li>
            <li>Enter the 6-digit code we send to that address.</li>
            <li>Pay for your year. Each academic year, verify your address again.</li>
          </ol>
          <p className="mt-4 text-sm text-muted">
            After your graduation year, your membership renews as a Standard membership; we e-mail you 14 days
            before, and you can cancel instead.
          </p>
          <p className="mt-4 text-sm">
            No academic address, or your institution is missing?{' '}
            <Link href="/contact/student/">Contact our student desk</Link>.
          </p>
        </section>
        <aside aria-label="Student plan" className="h-fit rounded border border-rule bg-surface p-6">
          <h2 className="font-serif text-xl font-semibold">{plan.title}</h2>
          <p className="mt-2 text-sm text-muted">{plan.description}</p>
          <p className="mt-4 text-2xl font-bold">{formatMoney(plan.prices[currency], currency, locale)}</p>
          <p className="text-sm text-muted">a year, plus tax where it applies</p>
          {isStudent ? (
            <p className="mt-4 font-medium">
              You are a student member. <Link href="/user/membership/">Your membership</Link>
            </p>
          ) : (
            <p className="mt-6">
              <Link
                href={next.href}
                className="inline-block rounded bg-accent px-5 py-2 font-medium text-accent-ink no-underline"
              >
                {next.label}
              </Link>
            </p>
          )}
          {status?.record?.emailVerified && status.verifiedThisYear ? (
            <p className="mt-3 break-words text-sm">Verified: {status.record.email}</p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
