import Link from 'next/link';
import type { JobView } from '@bof/api/careers';
import { WORKPLACE_TITLES } from '@bof/api/careers-inputs';
import { SaveJobButton } from './save-job-button';

/** A salary range as a line: "€40,000–€50,000 a year", "From £30,000 a year". */
export function formatSalary(salary: JobView['salary'], locale: string): string | null {
  if (!salary) return null;
  const money = (n: number) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: salary.currency,
      maximumFractionDigits: 0,
    }).format(n);
  if (salary.min !== null && salary.max !== null) return `${money(salary.min)}–${money(salary.max)} a year`;
  if (salary.min !== null) return `From ${money(salary.min)} a year`;
  return `Up to ${money(salary.max!)} a year`;
}

export const formatDate = (date: Date, locale: string) =>
  date.toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' });

/** One listing in a list: title, employer, where, salary, closing date, and saving it. */
export function JobCard({
  job,
  locale,
  saved,
  signedIn,
  headingLevel = 3,
}: {
  job: JobView;
  locale: string;
  saved: boolean;
  signedIn: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const salary = formatSalary(job.salary, locale);
  return (
    <article className="border-b border-rule py-5" aria-labelledby={`job-${job.id}`} data-testid="job-card">
      <Heading id={`job-${job.id}`} className="font-serif text-xl font-bold">
        <Link href={`/careers/${job.slug}/`}>{job.title}</Link>
        {job.featured ? (
          <span className="ml-2 align-middle text-xs font-semibold uppercase tracking-wide text-accent">
            Featured
          </span>
        ) : null}
      </Heading>
      <p className="mt-1">
        <Link href={`/organisations/${job.employer.slug}/`} className="underline">
          {job.employer.title}
        </Link>
      </p>
      <p className="text-sm text-muted">
        {job.location} · {WORKPLACE_TITLES[job.workplace]} · {job.jobLevel.title} · {job.jobFunction.title}
      </p>
      {salary ? <p className="text-sm">{salary}</p> : null}
      <div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
        <span className="text-muted">
          {job.open ? 'Closes' : 'Closed'}{' '}
          <time dateTime={job.closesAt.toISOString()}>{formatDate(job.closesAt, locale)}</time>
        </span>
        {job.open ? (
          <SaveJobButton jobId={job.id} title={job.title} saved={saved} signedIn={signedIn} />
        ) : null}
      </div>
    </article>
  );
}
