import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import type { JobPage } from '@bof/api/careers';
import { WORKPLACE_TITLES } from '@bof/api/careers-inputs';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { formatDate, formatSalary } from '../../../components/careers/job-card';
import { SaveJobButton } from '../../../components/careers/save-job-button';
import { jobPostingJsonLd } from '../../../components/careers/job-posting-json-ld';
import { JsonLd } from '../../../components/content/json-ld';
import { readerLocale } from '../../../server/reader-locale';
import { getServerViewer } from '../../../server/server-viewer';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

async function pageOf(slug: string): Promise<JobPage> {
  return (await runningServices()).careers.page(slug);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await pageOf((await params).slug);
  if (page.state === 'not-found') return { title: 'Job not found' };
  if (page.state === 'gone') return { title: 'Job listing removed', robots: { index: false } };
  return {
    title: `${page.job.title} at ${page.job.employer.title}`,
    description: `${page.job.title} at ${page.job.employer.title}, ${page.job.location}.`,
    robots: page.state === 'closed' ? { index: false } : undefined,
  };
}

/** A job listing: what, who, where, pay, closing date, the description, and how to apply. */
export default async function JobPageView({ params }: Props) {
  const page = await pageOf((await params).slug);
  if (page.state === 'not-found') notFound();
  if (page.state === 'gone')
    return (
      <div className="mx-auto max-w-measure px-gutter py-16">
        <h1 className="font-serif text-3xl font-bold">This job listing has been removed</h1>
        <p className="mt-4">
          It closed more than 30 days ago.{' '}
          <Link href="/careers/" className="underline">
            See the open jobs
          </Link>
          .
        </p>
      </div>
    );
  const { job } = page;
  const [{ env, careers }, { locale }, claims] = await Promise.all([
    runningServices(),
    readerLocale(),
    getServerViewer(),
  ]);
  const viewer = claims ? viewerFromClaims(claims) : null;
  const saved = (await careers.savedIds(viewer)).includes(job.id);
  const salary = formatSalary(job.salary, locale);
  const facts: [string, string][] = [
    ['Location', `${job.location} (${WORKPLACE_TITLES[job.workplace]})`],
    ['Job function', job.jobFunction.title],
    ['Industry', job.jobIndustry.title],
    ['Level', job.jobLevel.title],
    ...(salary ? ([['Salary', salary]] as [string, string][]) : []),
  ];
  return (
    <article className="mx-auto grid max-w-page gap-10 px-gutter py-10 lg:grid-cols-[1fr_20rem]">
      {page.state === 'open' ? <JsonLd data={jobPostingJsonLd(job, env.siteUrl)} /> : null}
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">
          <Link href="/careers/">Careers</Link>
        </p>
        <h1 className="mt-2 font-serif text-4xl font-bold">{job.title}</h1>
        <p className="mt-2 text-lg">
          <Link href={`/organisations/${job.employer.slug}/`} className="underline">
            {job.employer.title}
          </Link>
        </p>
        {page.state === 'closed' ? (
          <p role="status" className="mt-4 rounded border border-rule bg-surface p-4">
            This listing closed on {formatDate(job.closesAt, locale)} and no longer takes applications.{' '}
            <Link href="/careers/" className="underline">
              See the open jobs
            </Link>
          </p>
        ) : null}
        <dl className="mt-6 grid gap-2 sm:grid-cols-2">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm font-semibold">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2 className="mt-8 font-serif text-2xl font-bold">About the job</h2>
        <div
          className="rich-text mt-4 space-y-4 [&_h3]:mt-6 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: job.descriptionHtml }}
        />
      </div>
      <aside aria-labelledby="apply-heading" className="h-fit rounded border border-rule bg-surface p-6">
        <h2 id="apply-heading" className="font-serif text-2xl font-bold">
          Apply
        </h2>
        <p className="mt-2 text-sm">
          {page.state === 'open' ? 'Closes' : 'Closed'}{' '}
          <time dateTime={job.closesAt.toISOString()}>{formatDate(job.closesAt, locale)}</time>
        </p>
        {page.state === 'open' ? (
          <div className="mt-4 space-y-4">
            {job.applyUrl ? (
              <p>
                <a
                  href={job.applyUrl}
                  rel="nofollow noopener noreferrer"
                  target="_blank"
                  className="inline-block rounded bg-ink px-4 py-2 text-paper"
                >
                  Apply on the employer’s site<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            ) : job.applyEmail ? (
              <p>
                Apply by e-mail to{' '}
                <a
                  href={`mailto:${job.applyEmail}?subject=${encodeURIComponent(job.title)}`}
                  className="underline"
                >
                  {job.applyEmail}
                </a>
              </p>
            ) : null}
            <SaveJobButton jobId={job.id} title={job.title} saved={saved} signedIn={viewer !== null} />
          </div>
        ) : null}
      </aside>
    </article>
  );
}
