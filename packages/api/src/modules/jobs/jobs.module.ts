import { randomUUID } from 'node:crypto';
import type { Viewer } from '../../auth/viewer';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { Platform } from '../../platform/platform';
import type { Jobs } from '../../platform/jobs/jobs';
import type { Mailer } from '../email-change/email-change-mail';
import type { OrganisationsModule } from '../organisations/organisations.module';
import { sanitizeRichText } from '../profiles/rich-text';
import { REFERENCE_LISTS } from '../reference/reference-lists';
import { jobAlertEmail } from './job-alert-email';
import { isJobSlug, jobSlug } from './job-slug';
import { JobError } from './jobs.errors';
import {
  given,
  JOB_DESCRIPTION_MAX,
  jobAlertSchema,
  jobListingSchema,
  jobSearchSchema,
  parseOrRefuse,
  reviewJobSchema,
  type JobAlertInput,
  type JobListingInput,
  type JobSearchInput,
  type Workplace,
} from './jobs.inputs';
import { createJobsRepo, type EmployerRef, type JobAlertRow, type JobRow, type NewJob } from './jobs.repo';

/** Spec: a closed listing leaves the board at once, and its page answers 410 this long after it closed. */
export const JOB_GONE_AFTER_DAYS = 30;
const DAY = 86_400_000;
/** A reader's job alerts, at most. */
export const JOB_ALERTS_MAX = 10;
/** Listings in one alert e-mail, at most (the rest go the week after). */
export const JOB_ALERT_LISTINGS_MAX = 20;
export const JOB_ALERTS_QUEUE = 'job-alerts-weekly';
/** Mondays at 08:00 UTC. */
export const JOB_ALERTS_SCHEDULE = '0 8 * * 1';

export type JobStatus = 'pending' | 'published' | 'rejected';

export interface RefView {
  key: string;
  title: string;
}

/** A listing as shown on the board, its page, the employer's account and the approvals queue. */
export interface JobView {
  id: string;
  slug: string;
  title: string;
  employer: { profileId: string; slug: string; title: string };
  location: string;
  workplace: Workplace;
  jobFunction: RefView;
  jobIndustry: RefView;
  jobLevel: RefView;
  salary: { min: number | null; max: number | null; currency: string } | null;
  closesAt: Date;
  descriptionHtml: string;
  applyUrl: string | null;
  applyEmail: string | null;
  featured: boolean;
  status: JobStatus;
  rejectedReason: string | null;
  publishedAt: Date | null;
  createdAt: Date;
  /** On the board: published and not yet closed. */
  open: boolean;
}

export interface JobAlertView {
  id: string;
  query: string;
  workplace: Workplace | null;
  jobFunction: RefView | null;
  jobIndustry: RefView | null;
  jobLevel: RefView | null;
  createdAt: Date;
}

/** What a job page shows: an open listing, a closed one (still answered for 30 days), or gone (410). */
export type JobPage = { state: 'open' | 'closed'; job: JobView } | { state: 'gone' } | { state: 'not-found' };

const refOf = (list: 'jobFunctions' | 'jobIndustries' | 'jobLevels', key: string): RefView => ({
  key,
  title: REFERENCE_LISTS[list].find((e) => e.key === key)?.title ?? key,
});
const refOrNull = (list: 'jobFunctions' | 'jobIndustries' | 'jobLevels', key: string | null) =>
  key ? refOf(list, key) : null;

/**
 * The listing's stored columns from validated input: the description sanitised (the profiles' allow-list)
 * and measured again after, salary columns only when given.
 */
export function listingColumns(input: JobListingInput) {
  const descriptionHtml = sanitizeRichText(input.descriptionHtml);
  const refuse = (message: string) =>
    new FieldValidationError([{ path: ['descriptionHtml'], code: 'custom', message }]);
  if (descriptionHtml.replace(/<[^>]*>/g, '').trim().length < 20)
    throw refuse('Describe the job in at least a sentence or two (formatting alone does not count).');
  if (descriptionHtml.length > JOB_DESCRIPTION_MAX)
    throw refuse(`Keep the description to ${JOB_DESCRIPTION_MAX.toLocaleString('en-GB')} characters.`);
  const salaryGiven = given(input.salaryMin) || given(input.salaryMax);
  return {
    employerProfileId: input.employerProfileId,
    title: input.title,
    location: input.location,
    workplace: input.workplace,
    jobFunction: input.jobFunction,
    jobIndustry: input.jobIndustry,
    jobLevel: input.jobLevel,
    salaryMin: input.salaryMin ?? null,
    salaryMax: input.salaryMax ?? null,
    salaryCurrency: salaryGiven ? (input.salaryCurrency ?? null) : null,
    closesAt: input.closesAt,
    descriptionHtml,
    applyUrl: input.applyUrl || null,
    applyEmail: input.applyEmail ? input.applyEmail.toLowerCase() : null,
  } satisfies Partial<NewJob>;
}

/**
 * Builds the careers module: the jobs board and its search, job pages (closed, then gone after 30 days),
 * employers' listings (organisation OWNERs and ADMINs post; newsroom admins approve), saved jobs, job
 * alerts e-mailed weekly through the courier, and partner feed imports.
 */
export function createJobsModule(
  platform: Pick<Platform, 'db' | 'env'>,
  deps: {
    organisations: Pick<OrganisationsModule, 'memberships' | 'requireOrganisationRole'>;
    /** The newsroom role of the viewer (approvals are for newsroom admins). */
    staffOf: (viewer: Viewer | null) => Promise<{ role: string } | null>;
    courier: Mailer;
    now?: () => Date;
  },
) {
  const repo = createJobsRepo(platform.db);
  const now = deps.now ?? (() => new Date());
  const siteUrl = platform.env.siteUrl;

  const view = (job: JobRow, employer: EmployerRef, at: Date = now()): JobView => ({
    id: job.id,
    slug: job.slug,
    title: job.title,
    employer: { profileId: employer.profileId, slug: employer.slug, title: employer.title },
    location: job.location,
    workplace: job.workplace as Workplace,
    jobFunction: refOf('jobFunctions', job.jobFunction),
    jobIndustry: refOf('jobIndustries', job.jobIndustry),
    jobLevel: refOf('jobLevels', job.jobLevel),
    salary:
      job.salaryCurrency && (job.salaryMin !== null || job.salaryMax !== null)
        ? { min: job.salaryMin, max: job.salaryMax, currency: job.salaryCurrency }
        : null,
    closesAt: job.closesAt,
    descriptionHtml: job.descriptionHtml,
    applyUrl: job.applyUrl,
    applyEmail: job.applyEmail,
    featured: job.featured,
    status: job.status as JobStatus,
    rejectedReason: job.rejectedReason,
    publishedAt: job.publishedAt,
    createdAt: job.createdAt,
    open: job.status === 'published' && job.closesAt > at,
  });
  const views = (rows: { job: JobRow; employer: EmployerRef }[]) => {
    const at = now();
    return rows.map((r) => view(r.job, r.employer, at));
  };

  const alertView = (row: JobAlertRow): JobAlertView => ({
    id: row.id,
    query: row.query,
    workplace: row.workplace as Workplace | null,
    jobFunction: refOrNull('jobFunctions', row.jobFunction),
    jobIndustry: refOrNull('jobIndustries', row.jobIndustry),
    jobLevel: refOrNull('jobLevels', row.jobLevel),
    createdAt: row.createdAt,
  });

  const requireReader = (viewer: Viewer | null): Viewer => {
    if (!viewer) throw new AuthError();
    return viewer;
  };

  async function requireApprover(viewer: Viewer | null): Promise<Viewer> {
    const admin = requireReader(viewer);
    const staff = await deps.staffOf(admin);
    if (staff?.role !== 'admin')
      throw new UnauthorizedError(admin.userId, null, 'Only newsroom admins can do this.');
    return admin;
  }

  /** The organisation profiles the reader posts listings for: their OWNER and ADMIN accounts'. */
  async function employersOf(viewer: Viewer): Promise<EmployerRef[]> {
    const held = await deps.organisations.memberships(viewer.userId);
    const accounts = held.filter((m) => m.role === 'OWNER' || m.role === 'ADMIN').map((m) => m.accountId);
    return repo.employersOfAccounts(accounts);
  }

  /** The employer when the reader may post for it (its account's OWNER or ADMIN); job_employer_not_found otherwise. */
  async function requireEmployer(viewer: Viewer, profileId: string): Promise<EmployerRef> {
    const employer = await repo.employer(profileId);
    if (!employer?.accountId) throw new JobError('job_employer_not_found');
    try {
      await deps.organisations.requireOrganisationRole(employer.accountId, viewer.userId, ['OWNER', 'ADMIN']);
    } catch {
      throw new JobError('job_employer_not_found');
    }
    return employer;
  }

  /** An open listing by id (saving one); job_not_found or job_closed otherwise. */
  async function openListing(jobId: string) {
    const row = await repo.byId(jobId);
    if (!row || row.job.status !== 'published') throw new JobError('job_not_found');
    if (row.job.closesAt <= now()) throw new JobError('job_closed');
    return row;
  }

  const module = {
    repo,

    /** The board: open listings matching the search, newest first, with how many match in all. */
    async search(input: JobSearchInput, limit = 50): Promise<{ jobs: JobView[]; total: number }> {
      const search = parseOrRefuse(jobSearchSchema, input);
      const at = now();
      const [rows, total] = await Promise.all([repo.board(search, at, limit), repo.boardCount(search, at)]);
      return { jobs: views(rows), total };
    },

    async featured(limit = 6): Promise<JobView[]> {
      return views(await repo.board({}, now(), limit, 'featured'));
    },

    async employersHiring(limit = 20) {
      return repo.employersHiring(now(), limit);
    },

    /** A job page by slug: open, closed (30 days), gone after that, or not found (never published). */
    async page(slug: string): Promise<JobPage> {
      if (!isJobSlug(slug)) return { state: 'not-found' };
      const row = await repo.bySlug(slug);
      if (!row || row.job.status !== 'published') return { state: 'not-found' };
      const at = now();
      if (row.job.closesAt > at) return { state: 'open', job: view(row.job, row.employer, at) };
      if (at.getTime() - row.job.closesAt.getTime() > JOB_GONE_AFTER_DAYS * DAY) return { state: 'gone' };
      return { state: 'closed', job: view(row.job, row.employer, at) };
    },

    /** An organisation's open listings (its profile page). */
    async ofEmployer(profileId: string): Promise<JobView[]> {
      return views(await repo.board({ employerProfileId: profileId }, now(), 100));
    },

    // --- Employers -------------------------------------------------------------------------------

    async employers(viewer: Viewer | null): Promise<EmployerRef[]> {
      return employersOf(requireReader(viewer));
    },

    /** Every listing of the reader's employers, any status, newest first. */
    async employerListings(viewer: Viewer | null): Promise<JobView[]> {
      const employers = await employersOf(requireReader(viewer));
      return views(await repo.ofEmployers(employers.map((e) => e.profileId)));
    },

    /** Posts a listing for review; nothing is stored when any field is refused. */
    async submit(viewer: Viewer | null, raw: unknown): Promise<JobView> {
      const reader = requireReader(viewer);
      const input = parseOrRefuse(jobListingSchema, raw);
      const employer = await requireEmployer(reader, input.employerProfileId);
      if (input.closesAt <= now()) throw new JobError('job_closed', 'Choose a closing date in the future.');
      const id = randomUUID();
      const columns = listingColumns(input);
      await repo.insert([
        {
          id,
          slug: jobSlug(input.title, id),
          ...columns,
          status: 'pending',
          source: 'employer',
          submittedBy: reader.userId,
        },
      ]);
      return view((await repo.byId(id))!.job, employer);
    },

    /** Edits a listing of the reader's employer; it goes back to review (and off the board until approved). */
    async update(viewer: Viewer | null, jobId: string, raw: unknown): Promise<JobView> {
      const reader = requireReader(viewer);
      const input = parseOrRefuse(jobListingSchema, raw);
      const existing = await repo.byId(jobId);
      if (!existing) throw new JobError('job_not_found');
      await requireEmployer(reader, existing.job.employerProfileId).catch(() => {
        throw new JobError('job_not_found');
      });
      const employer = await requireEmployer(reader, input.employerProfileId);
      if (input.closesAt <= now()) throw new JobError('job_closed', 'Choose a closing date in the future.');
      const row = await repo.update(jobId, {
        ...listingColumns(input),
        status: 'pending',
        rejectedReason: null,
        submittedBy: reader.userId,
      });
      return view(row!, employer);
    },

    // --- Approvals (newsroom admins) ---------------------------------------------------------------

    async pending(viewer: Viewer | null): Promise<JobView[]> {
      await requireApprover(viewer);
      return views(await repo.pending());
    },

    /** Approves (publishes) or rejects a pending listing; a rejection's reason is shown to the employer. */
    async review(viewer: Viewer | null, raw: unknown): Promise<JobView> {
      const admin = await requireApprover(viewer);
      const input = parseOrRefuse(reviewJobSchema, raw);
      const existing = await repo.byId(input.jobId);
      if (!existing || existing.job.status !== 'pending') throw new JobError('job_not_found');
      const at = now();
      const row = await repo.update(
        input.jobId,
        input.decision === 'APPROVE'
          ? {
              status: 'published',
              publishedAt: at,
              reviewedBy: admin.userId,
              reviewedAt: at,
              rejectedReason: null,
            }
          : {
              status: 'rejected',
              reviewedBy: admin.userId,
              reviewedAt: at,
              rejectedReason: input.reason || 'It does not meet the careers board’s guidelines.',
            },
      );
      return view(row!, existing.employer, at);
    },

    // --- Saved jobs and alerts ---------------------------------------------------------------------

    async save(viewer: Viewer | null, jobId: string): Promise<JobView> {
      const reader = requireReader(viewer);
      const row = await openListing(jobId);
      await repo.save(reader.userId, jobId);
      return view(row.job, row.employer);
    },

    async unsave(viewer: Viewer | null, jobId: string): Promise<void> {
      await repo.unsave(requireReader(viewer).userId, jobId);
    },

    /** The reader's saved jobs, closed ones included (marked not open). */
    async saved(viewer: Viewer | null): Promise<JobView[]> {
      return views(await repo.saved(requireReader(viewer).userId));
    },

    async savedIds(viewer: Viewer | null): Promise<string[]> {
      return viewer ? repo.savedIds(viewer.userId) : [];
    },

    async createAlert(viewer: Viewer | null, raw: JobAlertInput): Promise<JobAlertView> {
      const reader = requireReader(viewer);
      const input = parseOrRefuse(jobAlertSchema, raw);
      if ((await repo.alertsOf(reader.userId)).length >= JOB_ALERTS_MAX)
        throw new JobError('job_alert_limit');
      return alertView(
        await repo.insertAlert({
          id: randomUUID(),
          userId: reader.userId,
          email: reader.email,
          query: input.query,
          workplace: input.workplace ?? null,
          jobFunction: input.jobFunction ?? null,
          jobIndustry: input.jobIndustry ?? null,
          jobLevel: input.jobLevel ?? null,
          createdAt: now(),
        }),
      );
    },

    async deleteAlert(viewer: Viewer | null, alertId: string): Promise<void> {
      const reader = requireReader(viewer);
      if (!(await repo.deleteAlert(reader.userId, alertId))) throw new JobError('job_alert_not_found');
    },

    async alerts(viewer: Viewer | null): Promise<JobAlertView[]> {
      return (await repo.alertsOf(requireReader(viewer).userId)).map(alertView);
    },

    /**
     * Sends every alert's new matching listings (published since the alert was made, not sent by it
     * before), one e-mail per alert with any. The send records and the e-mail commit together through
     * the courier's outbox; with a courier that cannot, the records are written first (a failed send is
     * not repeated rather than a listing sent twice). Safe to run twice: the second run sends nothing.
     */
    async sendAlerts(): Promise<{ alerts: number; emails: number; listings: number }> {
      const at = now();
      let emails = 0;
      let listings = 0;
      const alerts = await repo.allAlerts();
      for (const alert of alerts) {
        const rows = await repo.unsentFor(alert, at, JOB_ALERT_LISTINGS_MAX);
        if (rows.length === 0) continue;
        const sent = await repo.db.transaction(async (tx) => {
          const taken = await repo.markSent(
            tx,
            alert.id,
            rows.map((r) => r.job.id),
          );
          if (taken.length === 0) return 0;
          const jobs = views(rows.filter((r) => taken.includes(r.job.id)));
          const mail = jobAlertEmail({ to: alert.email, alert: alertView(alert), jobs, siteUrl });
          const courier = deps.courier.within ? deps.courier.within(tx) : deps.courier;
          await courier.send(mail);
          return jobs.length;
        });
        if (sent > 0) {
          emails += 1;
          listings += sent;
        }
      }
      return { alerts: alerts.length, emails, listings };
    },

    /** Starts the weekly alert schedule and its worker on the job queue (ADR 24). */
    async startWork(jobs: Jobs, options: { pollingIntervalSeconds?: number } = {}): Promise<string> {
      await jobs.ensureQueue(JOB_ALERTS_QUEUE, {
        retryLimit: 3,
        retryDelaySeconds: 60,
        retryBackoff: true,
        oneJobPerKey: true,
      });
      const id = await jobs.work(JOB_ALERTS_QUEUE, async () => void (await module.sendAlerts()), {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5,
      });
      await jobs.schedule(JOB_ALERTS_QUEUE, JOB_ALERTS_SCHEDULE);
      return id;
    },
  };
  return module;
}

export type JobsModule = ReturnType<typeof createJobsModule>;
