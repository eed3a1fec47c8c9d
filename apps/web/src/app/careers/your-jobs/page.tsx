import type { Metadata } from 'next';
import Link from 'next/link';
import { WORKPLACE_TITLES } from '@bof/api/careers-inputs';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { SignedOutPage } from '../../../components/auth/signed-out-page';
import { DeleteAlertButton } from '../../../components/careers/delete-alert-button';
import { JobCard } from '../../../components/careers/job-card';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';
const TITLE = 'Your jobs';
export const metadata: Metadata = { title: TITLE, robots: { index: false } };

/** Spec §2 /careers/your-jobs/: the reader's saved jobs and job alerts. */
export default async function YourJobsPage() {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title={TITLE} reason="Sign in to see your saved jobs and job alerts." />;
  const viewer = viewerFromClaims(claims);
  const [{ careers }, { locale }] = await Promise.all([runningServices(), readerLocale()]);
  const [saved, alerts] = await Promise.all([careers.saved(viewer), careers.alerts(viewer)]);
  return (
    <div className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">
        <Link href="/careers/">Careers</Link>
      </p>
      <h1 className="mt-2 font-serif text-4xl font-bold">{TITLE}</h1>
      <section aria-labelledby="saved-heading" className="mt-8">
        <h2 id="saved-heading" className="font-serif text-2xl font-bold">
          Saved jobs
        </h2>
        {saved.length === 0 ? (
          <p className="mt-3">
            You have not saved any jobs yet. Use “Save” on a listing on the{' '}
            <Link href="/careers/" className="underline">
              jobs board
            </Link>{' '}
            to keep it here.
          </p>
        ) : (
          saved.map((job) => <JobCard key={job.id} job={job} locale={locale} saved signedIn />)
        )}
      </section>
      <section aria-labelledby="alerts-heading" className="mt-12">
        <h2 id="alerts-heading" className="font-serif text-2xl font-bold">
          Job alerts
        </h2>
        <p className="mt-1 text-sm text-muted">
          Every Monday we e-mail you the new jobs matching each alert, each job once.
        </p>
        {alerts.length === 0 ? (
          <p className="mt-3">
            No alerts yet. Search the{' '}
            <Link href="/careers/" className="underline">
              jobs board
            </Link>{' '}
            with the filters you want, then choose “E-mail me new jobs like these”.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-rule" data-testid="job-alerts">
            {alerts.map((alert) => {
              const label =
                [
                  alert.query ? `“${alert.query}”` : null,
                  alert.jobFunction?.title,
                  alert.jobIndustry?.title,
                  alert.jobLevel?.title,
                  alert.workplace ? WORKPLACE_TITLES[alert.workplace] : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || 'All new jobs';
              const params = new URLSearchParams(
                Object.entries({
                  q: alert.query,
                  function: alert.jobFunction?.key,
                  industry: alert.jobIndustry?.key,
                  level: alert.jobLevel?.key,
                  workplace: alert.workplace ?? undefined,
                }).filter((e): e is [string, string] => Boolean(e[1])),
              );
              return (
                <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <Link href={`/careers/?${params.toString()}`} className="underline">
                    {label}
                  </Link>
                  <DeleteAlertButton alertId={alert.id} label={label} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
