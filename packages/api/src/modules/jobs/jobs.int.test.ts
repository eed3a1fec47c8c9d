import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  jobAlertSends,
  jobListings,
  newsroomStaff,
  organisationAccounts,
  organisationAccountUsers,
  organisationProfiles,
} from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { DEMO_JOB_EMPLOYERS, DEMO_JOBS } from './demo-jobs';
import { importJobFeed } from './job-feed';
import { JOB_ALERTS_QUEUE, JOB_ALERTS_SCHEDULE } from './jobs.module';

// The careers board on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the demo
// listings, search and filters, employers posting (and every refused input storing nothing), approval by
// a newsroom admin, closed and gone listings, saved jobs, alerts sent once per listing, and feed imports.

let harness: GraphQLHarness;
let owner: Viewer;
let stranger: Viewer;
let approver: Viewer;
let reader: Viewer;
const employerId = randomUUID();

beforeAll(async () => {
  harness = await createGraphQLHarness();
  owner = await harness.signIn('jobs-owner');
  stranger = await harness.signIn('jobs-stranger');
  approver = await harness.signIn('jobs-approver', { isBofAdmin: true });
  reader = await harness.signIn('jobs-reader');
  await harness.db.update(accounts).set({ isBofAdmin: true }).where(eq(accounts.userId, approver.userId));
  await harness.db
    .insert(newsroomStaff)
    .values({ userId: approver.userId, role: 'admin', name: 'Jo Approver' });
  await harness.db.insert(organisationAccounts).values({
    id: 'acct-jobs',
    title: 'Jobs Test House',
    ownerUserId: owner.userId,
    primaryContactEmail: owner.email,
    membershipType: 'Partner',
    membershipLevel: 'Standard',
    purchasedSeats: 5,
    accessEndsAt: new Date(Date.now() + 86_400_000),
  });
  await harness.db.insert(organisationAccountUsers).values({
    id: 'acct-jobs-owner',
    accountId: 'acct-jobs',
    userId: owner.userId,
    email: owner.email,
    role: 'OWNER',
  });
  await harness.db.insert(organisationProfiles).values({
    id: employerId,
    accountId: 'acct-jobs',
    slug: 'jobs-test-house',
    source: { title: 'Jobs Test House', slug: 'jobs-test-house' },
    version: 1,
    updatedBy: owner.userId,
  });
}, 400_000);
afterAll(async () => {
  await harness?.close();
});

type Result = Record<string, unknown> & { __typename: string; code?: string; message?: string };
const run = async (query: string, variables: Record<string, unknown>, viewer: Viewer | null) => {
  const { body } = await harness.post(query, variables, viewer);
  expect(body.errors).toBeUndefined();
  return Object.values(body.data ?? {})[0] as Result;
};

const LISTING = `jobId slug title status open workplace employer { title } jobFunction { key title }
  salary { min max currency } applyUrl applyEmail descriptionHtml`;
const POST = `mutation ($input: PostJobListingInput!) { postJobListing(input: $input) { __typename
  ... on JobListing { ${LISTING} } ... on ZodError { fieldErrors { path message } }
  ... on JobError { code } ... on Error { message } } }`;
const REVIEW = `mutation ($input: ReviewJobListingInput!) {
  reviewJobListing(input: $input) { __typename
  ... on JobListing { status open } ... on JobError { code } ... on Error { message } } }`;
const SEARCH = `query ($search: JobSearchInput) { jobs(search: $search) { __typename
  ... on JobSearchResult { total jobs { ${LISTING} } } ... on ZodError { fieldErrors { path message } } } }`;
const SAVE = `mutation ($input: JobIdInput!) { saveJob(input: $input) { __typename ... on JobListing { jobId }
  ... on JobError { code message } ... on Error { message } } }`;
const ALERT = `mutation ($input: CreateJobAlertInput!) { createJobAlert(input: $input) { __typename
  ... on JobAlert { alertId query jobFunction { key } } ... on ZodError { fieldErrors { path message } }
  ... on JobError { code } ... on Error { message } } }`;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const listing = (overrides: Record<string, unknown> = {}) => ({
  employerProfileId: employerId,
  title: 'Knitwear Designer',
  location: 'Florence',
  workplace: 'HYBRID',
  jobFunction: 'design',
  jobIndustry: 'luxury',
  jobLevel: 'associate',
  salaryMin: 40000,
  salaryMax: 50000,
  salaryCurrency: 'EUR',
  closesAt: inDays(30),
  descriptionHtml: '<p>Design knitwear for our <strong>luxury</strong> line.</p><script>alert(1)</script>',
  applyUrl: 'https://jobs-test-house.example.com/apply',
  ...overrides,
});
const listingCount = async () => (await harness.db.select({ n: count() }).from(jobListings))[0]!.n;

describe('the demo board', () => {
  it('has at least 60 listings across 20 employers, open ones on the board, filters narrowing it', async () => {
    const [row] = await harness.db
      .select({ n: count(), employers: sql<number>`count(distinct ${jobListings.employerProfileId})::int` })
      .from(jobListings)
      .where(eq(jobListings.source, 'demo'));
    expect(row).toEqual({ n: DEMO_JOBS, employers: DEMO_JOB_EMPLOYERS });
    const all = await run(SEARCH, {}, null);
    expect(all.total).toBeGreaterThanOrEqual(55);
    const design = await run(SEARCH, { search: { jobFunction: 'design', workplace: 'HYBRID' } }, null);
    const jobs = design.jobs as Result[];
    expect(jobs.length).toBeGreaterThan(0);
    expect(design.total as number).toBeLessThan(all.total as number);
    for (const job of jobs)
      expect(job).toMatchObject({ workplace: 'HYBRID', jobFunction: { key: 'design' } });
  });

  it('refuses unknown reference values and oversize searches', async () => {
    const bad = await run(SEARCH, { search: { jobFunction: 'astronaut', query: 'x'.repeat(201) } }, null);
    expect(bad.__typename).toBe('ZodError');
    expect((bad.fieldErrors as { path: string[] }[]).map((e) => e.path[0]).sort()).toEqual([
      'jobFunction',
      'query',
    ]);
  });

  it('keeps a closed listing’s page for 30 days, then answers gone', async () => {
    const closed = await harness.db
      .select()
      .from(jobListings)
      .where(sql`${jobListings.closesAt} < now()`);
    const pages = await Promise.all(closed.map((j) => harness.services.careers.page(j.slug)));
    expect(pages.map((p) => p.state).sort()).toEqual([
      'closed',
      'closed',
      'closed',
      'closed',
      'gone',
      'gone',
    ]);
    const save = await run(SAVE, { input: { jobId: closed[0]!.id } }, reader);
    expect(save).toMatchObject({ __typename: 'JobError', code: 'job_closed' });
    const unknown = await run(SAVE, { input: { jobId: randomUUID() } }, reader);
    expect(unknown).toMatchObject({ __typename: 'JobError', code: 'job_not_found' });
  });

  it('answers not found for an address name no listing can have, without asking the database', async () => {
    // A NUL byte reaches PostgreSQL as an encoding error, not a miss: such names are never looked up.
    for (const slug of ['\u0000', 'a\u0000b', 'Upper-Case', '-leading', 'x'.repeat(121), 'dots.in.it', ''])
      expect(await harness.services.careers.page(slug)).toEqual({ state: 'not-found' });
    const open = await harness.db
      .select()
      .from(jobListings)
      .where(sql`${jobListings.closesAt} > now()`);
    expect((await harness.services.careers.page(open[0]!.slug)).state).toBe('open');
  });
});

describe('employers post listings, newsroom admins approve them', () => {
  it('refuses bad input with clear errors and stores nothing', async () => {
    const before = await listingCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ applyUrl: 'javascript:alert(1)' }, 'applyUrl'],
      [{ applyUrl: 'data:text/html,hi' }, 'applyUrl'],
      [{ applyUrl: null }, 'applyUrl'],
      [{ applyEmail: 'jobs@example.com' }, 'applyUrl'],
      [{ salaryMin: 60000, salaryMax: 50000 }, 'salaryMin'],
      [{ salaryMin: 1.5 }, 'salaryMin'],
      [{ salaryCurrency: null }, 'salaryCurrency'],
      [{ jobFunction: 'astronaut' }, 'jobFunction'],
      [{ jobLevel: 'emperor' }, 'jobLevel'],
      [{ title: 'x'.repeat(151) }, 'title'],
      [{ descriptionHtml: 'x'.repeat(20_001) }, 'descriptionHtml'],
      [{ descriptionHtml: '<script>a very long script that is only a script</script>' }, 'descriptionHtml'],
      [{ closesAt: 'not a date' }, 'closesAt'],
    ];
    for (const [override, path] of cases) {
      const result = await run(POST, { input: listing(override) }, owner);
      expect(result.__typename, JSON.stringify(override).slice(0, 80)).toBe('ZodError');
      const paths = (result.fieldErrors as { path: string[]; message: string }[]).map((e) => e.path.at(-1));
      expect(paths).toContain(path);
    }
    const past = await run(POST, { input: listing({ closesAt: inDays(-1) }) }, owner);
    expect(past).toMatchObject({ __typename: 'JobError', code: 'job_closed' });
    const notTheirs = await run(POST, { input: listing() }, stranger);
    expect(notTheirs).toMatchObject({ __typename: 'JobError', code: 'job_employer_not_found' });
    const anonymous = await run(POST, { input: listing() }, null);
    expect(anonymous.__typename).toBe('AuthError');
    expect(await listingCount()).toBe(before);
  });

  it('publishes a posted listing only once approved, and a rejection says why', async () => {
    const posted = await run(POST, { input: listing({ title: 'Zephyrine Knit Lead' }) }, owner);
    expect(posted).toMatchObject({ __typename: 'JobListing', status: 'pending', open: false });
    expect(posted.descriptionHtml).toBe('<p>Design knitwear for our <strong>luxury</strong> line.</p>');
    const hidden = await run(SEARCH, { search: { query: 'Zephyrine' } }, null);
    expect(hidden.total).toBe(0);
    const byOwner = await run(REVIEW, { input: { jobId: posted.jobId, decision: 'APPROVE' } }, owner);
    expect(byOwner.__typename).toBe('UnauthorizedError');
    expect((await harness.services.careers.pending(approver)).map((j) => j.id)).toContain(posted.jobId);
    const approved = await run(REVIEW, { input: { jobId: posted.jobId, decision: 'APPROVE' } }, approver);
    expect(approved).toMatchObject({ status: 'published', open: true });
    const shown = await run(SEARCH, { search: { query: 'zephyrine' } }, null);
    expect(shown).toMatchObject({
      total: 1,
      jobs: [{ title: 'Zephyrine Knit Lead', employer: { title: 'Jobs Test House' } }],
    });
    expect((await harness.services.careers.ofEmployer(employerId)).map((j) => j.id)).toEqual([posted.jobId]);

    const other = await run(
      POST,
      { input: listing({ title: 'Rejected Role', applyUrl: null, applyEmail: 'HR@Example.com' }) },
      owner,
    );
    expect(other).toMatchObject({ applyEmail: 'hr@example.com', applyUrl: null });
    const rejected = await run(
      REVIEW,
      { input: { jobId: other.jobId, decision: 'REJECT', reason: 'Salary missing' } },
      approver,
    );
    expect(rejected).toMatchObject({ status: 'rejected', open: false });
    const again = await run(REVIEW, { input: { jobId: other.jobId, decision: 'APPROVE' } }, approver);
    expect(again).toMatchObject({ __typename: 'JobError', code: 'job_not_found' });
    const mine = await harness.services.careers.employerListings(owner);
    expect(mine.find((j) => j.id === other.jobId)).toMatchObject({ rejectedReason: 'Salary missing' });
  });
});

describe('saved jobs and alerts', () => {
  it('saves a job once and lists it', async () => {
    const { jobs } = await harness.services.careers.search({ jobLevel: 'manager' }, 1);
    const job = jobs[0]!;
    expect((await run(SAVE, { input: { jobId: job.id } }, reader)).__typename).toBe('JobListing');
    expect((await run(SAVE, { input: { jobId: job.id } }, reader)).__typename).toBe('JobListing');
    expect((await harness.services.careers.saved(reader)).map((j) => j.id)).toEqual([job.id]);
    expect((await run(SAVE, { input: { jobId: job.id } }, null)).__typename).toBe('AuthError');
  });

  it('refuses an alert with unknown values', async () => {
    const bad = await run(ALERT, { input: { jobLevel: 'emperor' } }, reader);
    expect(bad.__typename).toBe('ZodError');
    expect(await harness.services.careers.alerts(reader)).toEqual([]);
  });

  it('e-mails each new matching listing once, however often the weekly job runs', async () => {
    const alert = await run(ALERT, { input: { query: 'Quillon', jobFunction: 'design' } }, reader);
    expect(alert).toMatchObject({ __typename: 'JobAlert', query: 'Quillon', jobFunction: { key: 'design' } });
    const mails = () => harness.sent.filter((m) => m.to === reader.email && m.templateType === 'job_alert');
    expect((await harness.services.careers.sendAlerts()).emails).toBe(0);

    const postAndApprove = async (title: string, jobFunction = 'design') => {
      const posted = await run(POST, { input: listing({ title, jobFunction }) }, owner);
      await run(REVIEW, { input: { jobId: posted.jobId, decision: 'APPROVE' } }, approver);
      return posted.jobId as string;
    };
    const first = await postAndApprove('Quillon Print Designer');
    await postAndApprove('Quillon Store Manager', 'retail-and-store-operations');
    const runs = await Promise.all([
      harness.services.careers.sendAlerts(),
      harness.services.careers.sendAlerts(),
    ]);
    expect(runs.reduce((n, r) => n + r.listings, 0)).toBe(1);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.subject).toContain('One new job');
    expect(mails()[0]!.text).toContain('Quillon Print Designer');
    expect(mails()[0]!.text).not.toContain('Quillon Store Manager');

    expect((await harness.services.careers.sendAlerts()).emails).toBe(0);
    const second = await postAndApprove('Quillon Pattern Cutter');
    await harness.services.careers.sendAlerts();
    expect(mails()).toHaveLength(2);
    expect(mails()[1]!.text).toContain('Quillon Pattern Cutter');
    expect(mails()[1]!.text).not.toContain('Quillon Print Designer');
    const sends = await harness.db
      .select()
      .from(jobAlertSends)
      .where(eq(jobAlertSends.alertId, alert.alertId as string));
    expect(sends.map((s) => s.jobId).sort()).toEqual([first, second].sort());
  });

  it('runs on the job queue’s weekly schedule', async () => {
    const { jobs } = harness.services;
    await harness.services.careers.startWork(jobs, { pollingIntervalSeconds: 0.5 });
    const schedules = (await harness.db.execute(
      sql`select name, cron from pgboss.schedule where name = ${JOB_ALERTS_QUEUE}`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(schedules.rows).toEqual([{ name: JOB_ALERTS_QUEUE, cron: JOB_ALERTS_SCHEDULE }]);
    const weekly = await harness.signIn('jobs-weekly');
    await harness.services.careers.createAlert(weekly, { query: 'Vellichor' });
    const posted = await harness.services.careers.submit(owner, listing({ title: 'Vellichor Archivist' }));
    await harness.services.careers.review(approver, { jobId: posted.id, decision: 'APPROVE' });
    // What the schedule queues on Mondays, queued now.
    await jobs.send(JOB_ALERTS_QUEUE, {});
    const deadline = Date.now() + 120_000;
    const toWeekly = () => harness.sent.filter((m) => m.to === weekly.email);
    while (toWeekly().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(toWeekly().map((m) => m.subject)).toEqual(['One new job for your alert: “Vellichor”']);
  });
});

describe('partner feeds', () => {
  const feed = (jobs: unknown[]) => ({ version: 1, partner: 'test-partner', jobs });
  const feedJob = (overrides: Record<string, unknown> = {}) => ({
    externalId: 'TP-1',
    employerSlug: 'jobs-test-house',
    ...listing(),
    employerProfileId: undefined,
    ...overrides,
  });

  it('imports valid listings for review, refusing the whole feed when any is invalid', async () => {
    const before = await listingCount();
    const bad = await importJobFeed(
      harness.services.careers,
      feed([
        feedJob(),
        feedJob({ externalId: 'TP-2', applyUrl: 'javascript:alert(1)' }),
        feedJob({ externalId: 'TP-3', employerSlug: 'nobody-here' }),
      ]),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.map((e) => e.path)).toEqual(['jobs[1].applyUrl', 'jobs[2].employerSlug']);
    }
    expect(await listingCount()).toBe(before);
    const good = await importJobFeed(
      harness.services.careers,
      feed([feedJob(), feedJob({ externalId: 'TP-2', title: 'Feed Buyer' })]),
    );
    expect(good).toMatchObject({ ok: true, created: 2, updated: 0 });
    const again = await importJobFeed(
      harness.services.careers,
      feed([feedJob({ title: 'Knitwear Designer II' })]),
    );
    expect(again).toMatchObject({ ok: true, created: 0, updated: 1 });
    const rows = await harness.db.select().from(jobListings).where(eq(jobListings.source, 'feed'));
    expect(rows.map((r) => [r.externalId, r.status]).sort()).toEqual([
      ['test-partner:TP-1', 'pending'],
      ['test-partner:TP-2', 'pending'],
    ]);
    expect(await importJobFeed(harness.services.careers, { version: 2 })).toMatchObject({ ok: false });
  });
});
