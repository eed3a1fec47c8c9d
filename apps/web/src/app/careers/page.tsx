import type { Metadata } from 'next';
import Link from 'next/link';
import type { JobView } from '@bof/api/careers';
import { WORKPLACE_TITLES, WORKPLACES, type JobSearchInput } from '@bof/api/careers-inputs';
import { REFERENCE_LISTS } from '@bof/api/reference-lists';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { JobAlertButton } from '../../components/careers/job-alert-button';
import { JobCard } from '../../components/careers/job-card';
import { readerLocale } from '../../server/reader-locale';
import { getServerViewer } from '../../server/server-viewer';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = {
  title: 'Careers',
  description:
    'Jobs in the fashion business: design, buying, retail, marketing and more, at employers worldwide.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const FILTERS = [
  { name: 'function', label: 'Job function', list: 'jobFunctions' },
  { name: 'industry', label: 'Industry', list: 'jobIndustries' },
  { name: 'level', label: 'Level', list: 'jobLevels' },
] as const;

/** Spec §2 /careers/: the jobs board, with search and filters, featured listings and employers hiring. */
export default async function CareersPage({ searchParams }: Props) {
  const params = await searchParams;
  const search = {
    query: one(params.q) ?? '',
    workplace: one(params.workplace) as JobSearchInput['workplace'],
    jobFunction: one(params.function),
    jobIndustry: one(params.industry),
    jobLevel: one(params.level),
  };
  const filtered = Object.values(search).some(Boolean);
  const [{ careers }, { locale }, claims] = await Promise.all([
    runningServices(),
    readerLocale(),
    getServerViewer(),
  ]);
  const viewer = claims ? viewerFromClaims(claims) : null;
  let results: { jobs: JobView[]; total: number } = { jobs: [], total: 0 };
  let searchError: string | null = null;
  try {
    results = await careers.search(search, 50);
  } catch (error) {
    searchError = `We could not search with those filters. ${(error as { fieldErrors?: { message: string }[] }).fieldErrors?.map((e) => e.message).join(' ') ?? ''}`;
  }
  const [featured, hiring, savedIds] = await Promise.all([
    filtered ? Promise.resolve([]) : careers.featured(4),
    careers.employersHiring(12),
    careers.savedIds(viewer),
  ]);
  const saved = new Set(savedIds);
  const titleOf = (list: (typeof FILTERS)[number]['list'], key: string | undefined) =>
    REFERENCE_LISTS[list].find((e) => e.key === key)?.title;
  const description =
    [
      search.query ? `“${search.query}”` : null,
      titleOf('jobFunctions', search.jobFunction),
      titleOf('jobIndustries', search.jobIndustry),
      titleOf('jobLevels', search.jobLevel),
      search.workplace && search.workplace in WORKPLACE_TITLES
        ? WORKPLACE_TITLES[search.workplace as keyof typeof WORKPLACE_TITLES]
        : null,
    ]
      .filter(Boolean)
      .join(' · ') || 'all listings';

  return (
    <div className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_18rem]">
      <div>
        <h1 className="font-serif text-4xl font-bold">Careers</h1>
        <p className="mt-2 text-muted">
          Jobs in the fashion business, from studios and ateliers to stores and head offices.{' '}
          <Link href="/careers/your-jobs/" className="underline">
            Your saved jobs and alerts
          </Link>
        </p>
        <form
          method="get"
          action="/careers/"
          role="search"
          aria-label="Search jobs"
          className="mt-6 grid gap-3 sm:grid-cols-2"
        >
          <label className="grid gap-1 sm:col-span-2">
            <span className="text-sm font-semibold">Keywords</span>
            <input
              type="search"
              name="q"
              defaultValue={search.query}
              maxLength={200}
              placeholder="Job title, employer or place"
              className="rounded border border-rule px-3 py-2"
            />
          </label>
          {FILTERS.map((filter) => (
            <label key={filter.name} className="grid gap-1">
              <span className="text-sm font-semibold">{filter.label}</span>
              <select
                name={filter.name}
                defaultValue={one(params[filter.name]) ?? ''}
                className="rounded border border-rule px-3 py-2"
              >
                <option value="">Any</option>
                {REFERENCE_LISTS[filter.list].map((entry) => (
                  <option key={entry.key} value={entry.key}>
                    {entry.title}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="grid gap-1">
            <span className="text-sm font-semibold">Workplace</span>
            <select
              name="workplace"
              defaultValue={search.workplace ?? ''}
              className="rounded border border-rule px-3 py-2"
            >
              <option value="">Any</option>
              {WORKPLACES.map((w) => (
                <option key={w} value={w}>
                  {WORKPLACE_TITLES[w]}
                </option>
              ))}
            </select>
          </label>
          <p className="flex items-end gap-3 sm:col-span-2">
            <button type="submit" className="rounded bg-ink px-4 py-2 text-paper">
              Search jobs
            </button>
            {filtered ? (
              <Link href="/careers/" className="py-2 underline">
                Clear
              </Link>
            ) : null}
          </p>
        </form>

        {featured.length > 0 ? (
          <section aria-labelledby="featured-heading" className="mt-10">
            <h2 id="featured-heading" className="font-serif text-2xl font-bold">
              Featured jobs
            </h2>
            {featured.map((job) => (
              <JobCard
                key={job.id}
                job={job}
                locale={locale}
                saved={saved.has(job.id)}
                signedIn={viewer !== null}
              />
            ))}
          </section>
        ) : null}

        <section aria-labelledby="results-heading" className="mt-10">
          <h2 id="results-heading" className="font-serif text-2xl font-bold">
            {filtered ? 'Matching jobs' : 'Newest jobs'}
          </h2>
          {searchError ? (
            <p role="alert" className="mt-4 text-accent">
              {searchError}
            </p>
          ) : (
            <>
              <p className="mt-1 text-sm text-muted" role="status">
                {results.total === 1 ? '1 job' : `${results.total} jobs`}
                {results.total > results.jobs.length ? `, the newest ${results.jobs.length} shown` : ''}
              </p>
              {filtered ? (
                <div className="mt-3">
                  <JobAlertButton
                    search={{
                      query: search.query,
                      workplace: search.workplace ?? null,
                      jobFunction: search.jobFunction ?? null,
                      jobIndustry: search.jobIndustry ?? null,
                      jobLevel: search.jobLevel ?? null,
                    }}
                    description={description}
                    signedIn={viewer !== null}
                  />
                </div>
              ) : null}
              {results.jobs.length === 0 ? (
                <p className="mt-4">
                  No open jobs match {description} just now. Try fewer filters, or save an alert to hear of
                  new ones.
                </p>
              ) : (
                results.jobs.map((job) => (
                  <JobCard
                    key={job.id}
                    job={job}
                    locale={locale}
                    saved={saved.has(job.id)}
                    signedIn={viewer !== null}
                  />
                ))
              )}
            </>
          )}
        </section>
      </div>
      <aside aria-labelledby="hiring-heading" className="h-fit rounded border border-rule bg-surface p-6">
        <h2 id="hiring-heading" className="font-serif text-xl font-bold">
          Employers hiring
        </h2>
        {hiring.length === 0 ? (
          <p className="mt-3 text-sm">No employers are hiring just now.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {hiring.map((e) => (
              <li key={e.profileId}>
                <Link href={`/organisations/${e.slug}/#jobs`} className="underline">
                  {e.title}
                </Link>{' '}
                <span className="text-sm text-muted">
                  {e.openJobs === 1 ? '1 job' : `${e.openJobs} jobs`}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-6 text-sm">
          Hiring?{' '}
          <Link href="/user/organisations/jobs/" className="underline">
            Post a job
          </Link>{' '}
          from your organisation’s account.
        </p>
      </aside>
    </div>
  );
}
