import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { JobReviewForm } from '../../../components/careers/job-review-form';
import { ProfileReviewForm } from '../../../components/newsroom/profile-review-form';
import { newsroomStaffOr404 } from '../../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Approvals · Newsroom', robots: { index: false, follow: false } };

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** What the last review did, said above its queue (the reviewed item itself leaves the queue). */
const PROFILE_REVIEWED: Record<string, string> = {
  approved: 'Approved: the profile stays live.',
  withdrawn: 'Withdrawn: the page is gone and its editors read your reason; their draft stays.',
};
const JOB_REVIEWED: Record<string, string> = {
  approved: 'Approved: it is on the careers board.',
  rejected: 'Rejected: the employer reads your reason on their jobs page.',
};

/**
 * The approvals queue (newsroom admins; 404 for anyone else): person and organisation profiles go live
 * when their editors publish them, and each publication is reviewed here, oldest first.
 */
export default async function ApprovalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, staff, newsroom, services } = await newsroomStaffOr404();
  if (staff.role !== 'admin') notFound();
  const { job: reviewedJob, profile: reviewedProfile } = await searchParams;
  const jobReviewed = typeof reviewedJob === 'string' ? JOB_REVIEWED[reviewedJob] : undefined;
  const profileReviewed = typeof reviewedProfile === 'string' ? PROFILE_REVIEWED[reviewedProfile] : undefined;
  const [publications, jobs] = await Promise.all([
    newsroom.profileApprovals(viewer),
    services.careers.pending(viewer),
  ]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm">
        <Link className="underline" href="/newsroom/">
          ← Newsroom
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">Approvals</h1>
      <p className="mt-2 text-sm">
        Profiles are live as soon as their editors publish them. Review each publication: approve it, or
        withdraw it with a reason its editors will read (the page goes; their draft stays). A profile
        published again comes back here.
      </p>
      <h2 id="profile-publications" className="mt-6 font-serif text-xl">
        Profile publications
      </h2>
      {profileReviewed ? (
        <p
          role="status"
          className="mt-2 rounded bg-neutral-100 px-3 py-2 text-sm"
          data-testid="profile-reviewed"
        >
          {profileReviewed}
        </p>
      ) : null}
      {publications.length === 0 ? (
        <p className="mt-2 text-sm">Nothing awaits review.</p>
      ) : (
        <ul className="mt-2 grid gap-4">
          {publications.map((p) => {
            const href = `/${p.kind === 'person' ? 'people' : 'organisations'}/${p.slug}/`;
            return (
              <li
                key={`${p.profileId}-${p.publishedVersion}`}
                className="rounded border border-neutral-300 p-4"
              >
                <p className="font-semibold">
                  <Link className="underline" href={href}>
                    {p.name}
                  </Link>{' '}
                  <span className="text-sm font-normal">
                    ({p.kind === 'person' ? 'person' : 'organisation'},{' '}
                    {p.reviewedVersion === null ? 'first publication' : 'republished'})
                  </span>
                </p>
                <p className="mt-1 text-sm">
                  Version {p.publishedVersion}, published {when.format(p.publishedAt)} UTC
                </p>
                <ProfileReviewForm
                  kind={p.kind}
                  profileId={p.profileId}
                  version={p.publishedVersion}
                  name={p.name}
                />
              </li>
            );
          })}
        </ul>
      )}
      <h2 id="job-listings" className="mt-10 font-serif text-xl">
        Job listings
      </h2>
      {jobReviewed ? (
        <p role="status" className="mt-2 rounded bg-neutral-100 px-3 py-2 text-sm" data-testid="job-reviewed">
          {jobReviewed}
        </p>
      ) : null}
      <p className="mt-1 text-sm">
        Employers’ listings and partner feeds’ imports show on the careers board only once approved here.
      </p>
      {jobs.length === 0 ? (
        <p className="mt-2 text-sm">No job listings await approval.</p>
      ) : (
        <ul className="mt-2 grid gap-4" data-testid="job-approvals">
          {jobs.map((job) => (
            <li key={job.id} className="rounded border border-neutral-300 p-4">
              <p className="font-semibold">{job.title}</p>
              <p className="mt-1 text-sm">
                {job.employer.title} · {job.location} · {job.jobFunction.title} · {job.jobLevel.title} · sent{' '}
                {when.format(job.createdAt)} UTC
              </p>
              <p className="mt-1 text-sm">Apply: {job.applyUrl ?? job.applyEmail}</p>
              <details className="mt-2 text-sm">
                <summary>Description</summary>
                <div
                  className="rich-text mt-2 space-y-2"
                  dangerouslySetInnerHTML={{ __html: job.descriptionHtml }}
                />
              </details>
              <JobReviewForm jobId={job.id} title={job.title} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
