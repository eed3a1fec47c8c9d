import Link from 'next/link';
import { WORKPLACE_TITLES } from '@bof/api/careers-inputs';
import { runningServices } from '@bof/api/running-services';
import { formatDate } from './job-card';

/** An organisation's open listings, on its profile page (nothing when it has none). */
export async function EmployerJobs({ profileId, name }: { profileId: string; name: string }) {
  const jobs = await (await runningServices()).careers.ofEmployer(profileId);
  if (jobs.length === 0) return null;
  return (
    <section id="jobs" aria-labelledby="employer-jobs-heading" className="mx-auto max-w-page px-gutter pb-12">
      <h2 id="employer-jobs-heading" className="font-serif text-2xl font-bold">
        Jobs at {name}
      </h2>
      <ul className="mt-3 divide-y divide-rule">
        {jobs.map((job) => (
          <li key={job.id} className="py-3">
            <Link href={`/careers/${job.slug}/`} className="font-semibold underline">
              {job.title}
            </Link>
            <p className="text-sm text-muted">
              {job.location} · {WORKPLACE_TITLES[job.workplace]} · closes {formatDate(job.closesAt, 'en-GB')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
