import type { Metadata } from 'next';
import Link from 'next/link';
import { WORKPLACE_TITLES, WORKPLACES } from '@bof/api/careers-inputs';
import { REFERENCE_LISTS } from '@bof/api/reference-lists';
import { runningServices } from '@bof/api/running-services';
import { viewerFromClaims } from '@bof/api/viewer';
import { CURRENCIES } from '@bof/config/constants';
import { SignedOutPage } from '../../../../components/auth/signed-out-page';
import { formatDate } from '../../../../components/careers/job-card';
import { JobListingForm, type JobFormValues } from '../../../../components/careers/job-listing-form';
import { AccountNotice } from '../../../../components/profiles-editing/account-notice';
import { getServerViewer } from '../../../../server/server-viewer';

export const dynamic = 'force-dynamic';
const TITLE = 'Your organisation’s jobs';
export const metadata: Metadata = { title: TITLE, robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const STATUS: Record<string, string> = {
  pending: 'Awaiting approval',
  published: 'Published',
  rejected: 'Not approved',
};

const refs = (list: 'jobFunctions' | 'jobIndustries' | 'jobLevels') =>
  REFERENCE_LISTS[list].map((e) => ({ key: e.key, title: e.title }));

/**
 * The jobs of the organisations whose account the reader owns or administers: post a listing, edit one
 * (it goes back to review), and see each one's state. The newsroom approves listings before they show.
 */
export default async function OrganisationJobsPage({ searchParams }: Props) {
  const claims = await getServerViewer();
  if (!claims) return <SignedOutPage title={TITLE} reason="Sign in to post jobs for your organisation." />;
  const viewer = viewerFromClaims(claims);
  const params = await searchParams;
  const { careers } = await runningServices();
  const [employers, listings] = await Promise.all([
    careers.employers(viewer),
    careers.employerListings(viewer),
  ]);
  if (employers.length === 0)
    return (
      <AccountNotice title={TITLE} testId="no-employer">
        <p>Jobs are posted by the owners and admins of an organisation account with a profile.</p>
        <p>
          <Link href="/user/organisations/profiles/" className="underline">
            Your organisation’s profile
          </Link>
        </p>
      </AccountNotice>
    );
  const editing = typeof params.edit === 'string' ? listings.find((j) => j.id === params.edit) : undefined;
  const initial: JobFormValues = editing
    ? {
        jobId: editing.id,
        employerProfileId: editing.employer.profileId,
        title: editing.title,
        location: editing.location,
        workplace: editing.workplace,
        jobFunction: editing.jobFunction.key,
        jobIndustry: editing.jobIndustry.key,
        jobLevel: editing.jobLevel.key,
        salaryMin: editing.salary?.min?.toString() ?? '',
        salaryMax: editing.salary?.max?.toString() ?? '',
        salaryCurrency: editing.salary?.currency ?? '',
        closesAt: editing.closesAt.toISOString().slice(0, 10),
        description: editing.descriptionHtml,
        applyBy: editing.applyEmail ? 'email' : 'url',
        applyUrl: editing.applyUrl ?? '',
        applyEmail: editing.applyEmail ?? '',
      }
    : {
        jobId: null,
        employerProfileId: employers[0]!.profileId,
        title: '',
        location: '',
        workplace: 'ON_SITE',
        jobFunction: '',
        jobIndustry: '',
        jobLevel: '',
        salaryMin: '',
        salaryMax: '',
        salaryCurrency: '',
        closesAt: '',
        description: '',
        applyBy: 'url',
        applyUrl: '',
        applyEmail: '',
      };
  return (
    <section className="mx-auto max-w-3xl px-gutter py-10">
      <p className="text-sm font-medium uppercase tracking-wide text-muted">Your account</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{TITLE}</h1>
      {params.sent ? (
        <p role="status" className="mt-4 rounded border border-rule bg-surface p-4">
          Thank you: your listing is with our newsroom, and shows on the careers board once approved.
        </p>
      ) : null}
      <h2 className="mt-8 font-serif text-2xl font-bold">Listings</h2>
      {listings.length === 0 ? (
        <p className="mt-2">No listings yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-rule" data-testid="employer-jobs">
          {listings.map((job) => (
            <li key={job.id} className="py-3">
              <p className="font-semibold">
                {job.open ? <Link href={`/careers/${job.slug}/`}>{job.title}</Link> : job.title}
              </p>
              <p className="text-sm text-muted">
                {job.employer.title} · {job.location} · {WORKPLACE_TITLES[job.workplace]} · closes{' '}
                {formatDate(job.closesAt, 'en-GB')}
              </p>
              <p className="text-sm">
                <strong>{job.open || job.status !== 'published' ? STATUS[job.status] : 'Closed'}</strong>
                {job.rejectedReason ? `: ${job.rejectedReason}` : ''}{' '}
                <Link href={`/user/organisations/jobs/?edit=${job.id}#job-form`} className="underline">
                  Edit<span className="sr-only"> {job.title}</span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      <h2 id="job-form" className="mt-10 font-serif text-2xl font-bold">
        {editing ? `Edit “${editing.title}”` : 'Post a job'}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {editing
          ? 'Saving sends the listing back to the newsroom for approval; until then it is off the board.'
          : 'Our newsroom checks each listing before it shows on the careers board, usually within a working day.'}
      </p>
      <div className="mt-4">
        <JobListingForm
          key={editing?.id ?? 'new'}
          initial={initial}
          employers={employers.map((e) => ({ key: e.profileId, title: e.title }))}
          options={{
            workplaces: WORKPLACES.map((w) => ({ key: w, title: WORKPLACE_TITLES[w] })),
            jobFunctions: refs('jobFunctions'),
            jobIndustries: refs('jobIndustries'),
            jobLevels: refs('jobLevels'),
          }}
          currencies={CURRENCIES}
        />
      </div>
    </section>
  );
}
