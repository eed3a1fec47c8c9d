import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  jobListings,
  newsroomStaff,
  organisationAccounts,
  organisationAccountUsers,
  organisationProfiles,
} from '@bof/db/schema';
import type { Viewer } from '../../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { readSearchParams } from './search.inputs';

// Open job listings in the search index (issue 21, migration 0037): written by a trigger in the
// transaction of the approval, edit, rejection or delete that changes them; closed ones never found.

let harness: GraphQLHarness;
let owner: Viewer;
let approver: Viewer;
const employerId = randomUUID();

beforeAll(async () => {
  harness = await createGraphQLHarness();
  owner = await harness.signIn('search-jobs-owner');
  approver = await harness.signIn('search-jobs-approver', { isBofAdmin: true });
  await harness.db.update(accounts).set({ isBofAdmin: true }).where(eq(accounts.userId, approver.userId));
  await harness.db
    .insert(newsroomStaff)
    .values({ userId: approver.userId, role: 'admin', name: 'Sam Approver' });
  await harness.db.insert(organisationAccounts).values({
    id: 'acct-search-jobs',
    title: 'Quillfeather Atelier',
    ownerUserId: owner.userId,
    primaryContactEmail: owner.email,
    membershipType: 'Partner',
    membershipLevel: 'Standard',
    purchasedSeats: 5,
    accessEndsAt: new Date(Date.now() + 86_400_000),
  });
  await harness.db.insert(organisationAccountUsers).values({
    id: 'acct-search-jobs-owner',
    accountId: 'acct-search-jobs',
    userId: owner.userId,
    email: owner.email,
    role: 'OWNER',
  });
  await harness.db.insert(organisationProfiles).values({
    id: employerId,
    accountId: 'acct-search-jobs',
    slug: 'quillfeather-atelier',
    source: { title: 'Quillfeather Atelier', slug: 'quillfeather-atelier' },
    version: 1,
    updatedBy: owner.userId,
  });
}, 400_000);
afterAll(async () => {
  await harness?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const listing = (title: string, overrides: Record<string, unknown> = {}) => ({
  employerProfileId: employerId,
  title,
  location: 'Antwerp',
  workplace: 'HYBRID',
  jobFunction: 'design',
  jobIndustry: 'luxury',
  jobLevel: 'associate',
  closesAt: inDays(30),
  descriptionHtml:
    '<p>Cut &amp; drape the <strong>tailoring</strong> line with our studio.</p><h3>What you will do</h3>' +
    '<ul><li>Fit toiles</li><li>Grade patterns, by hand.</li></ul>',
  applyUrl: 'https://quillfeather.example.com/apply',
  ...overrides,
});

const search = (q: string, tab: 'all' | 'stories' | 'people' = 'all') =>
  harness.services.search.search(readSearchParams({ q, tab }), null);
const found = async (q: string, jobId: string) =>
  (await search(q)).results.some((r) => r.kind === 'job' && r.id === jobId);
const indexed = async (jobId: string) => {
  const result = await harness.db.execute(
    sql`select expires_at from search_documents where kind = 'job' and ref_id = ${jobId}`,
  );
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length;
};
const post = (title: string, overrides: Record<string, unknown> = {}) =>
  harness.services.careers.submit(owner, listing(title, overrides));
const review = (jobId: string, decision: 'APPROVE' | 'REJECT', reason?: string) =>
  harness.services.careers.review(approver, { jobId, decision, reason });

describe('job listings in the search', () => {
  it('indexes the open demo listings, each card linking to its page', async () => {
    const [demo] = await harness.db
      .select()
      .from(jobListings)
      .where(
        and(
          eq(jobListings.source, 'demo'),
          eq(jobListings.status, 'published'),
          gt(jobListings.closesAt, new Date()),
        ),
      )
      .limit(1);
    expect(demo).toBeDefined();
    const outcome = await search(demo!.title);
    const card = outcome.results.find((r) => r.kind === 'job' && r.id === demo!.id);
    expect(card).toMatchObject({ title: demo!.title, path: `/careers/${demo!.slug}/` });
    expect(card!.subtitle).toContain(demo!.location);
  });

  it('finds an approved listing by a word of its title, with employer, location and workplace', async () => {
    const job = await post('Zephyrine Pattern Cutter');
    expect(await found('zephyrine', job.id)).toBe(false);
    expect(await indexed(job.id)).toBe(0);
    await review(job.id, 'APPROVE');
    const outcome = await search('zephyrine');
    const card = outcome.results.find((r) => r.id === job.id);
    expect(card).toMatchObject({
      kind: 'job',
      title: 'Zephyrine Pattern Cutter',
      subtitle: 'Quillfeather Atelier · Antwerp · Hybrid',
      path: `/careers/${job.slug}/`,
    });
    expect(card!.snippet.map((p) => p.text).join('')).toContain('Cut & drape the tailoring line');
    const summary = await harness.db.execute(
      sql`select summary from search_documents where kind = 'job' and ref_id = ${job.id}`,
    );
    const rows = (Array.isArray(summary) ? summary : (summary as { rows: unknown[] }).rows) as {
      summary: string;
    }[];
    expect(rows[0]!.summary).toBe(
      'Cut & drape the tailoring line with our studio. What you will do. Fit toiles. Grade patterns, by hand.',
    );
    // Shown in All only: the spec's tabs stay as they are.
    expect(outcome.facets.tabs).toMatchObject({ stories: 0, people: 0, reports: 0 });
    expect((await search('zephyrine', 'people')).results).toEqual([]);
    // Found by its employer's name and its description too.
    expect(await found('quillfeather tailoring', job.id)).toBe(true);
  });

  it('never finds a pending or rejected listing', async () => {
    const pending = await post('Vellichor Merchandiser');
    const rejected = await post('Vellichor Buyer');
    await review(rejected.id, 'REJECT', 'Salary missing');
    expect(await found('vellichor', pending.id)).toBe(false);
    expect(await found('vellichor', rejected.id)).toBe(false);
    expect(await indexed(pending.id)).toBe(0);
    expect(await indexed(rejected.id)).toBe(0);
  });

  it('takes an edited listing out until it is approved again, then finds its new title', async () => {
    const job = await post('Halcyonne Textile Buyer');
    await review(job.id, 'APPROVE');
    expect(await found('halcyonne', job.id)).toBe(true);
    await harness.services.careers.update(owner, job.id, listing('Halcyonne Fabric Sourcer'));
    expect(await found('halcyonne', job.id)).toBe(false);
    expect(await indexed(job.id)).toBe(0);
    await review(job.id, 'APPROVE');
    expect(await found('sourcer', job.id)).toBe(true);
    expect(await found('textile buyer', job.id)).toBe(false);
  });

  it('never finds a listing once it has closed, nor one deleted', async () => {
    const job = await post('Sonderling Visual Merchandiser');
    await review(job.id, 'APPROVE');
    expect(await found('sonderling', job.id)).toBe(true);
    // The clock passes the closing date: no write happens, the row stays, the query leaves it out.
    await harness.db.execute(
      sql`update search_documents set expires_at = now() - interval '1 minute' where kind = 'job' and ref_id = ${job.id}`,
    );
    expect(await indexed(job.id)).toBe(1);
    expect(await found('sonderling', job.id)).toBe(false);
    expect(await found('sonderlin', job.id)).toBe(false);
    await harness.db.delete(jobListings).where(eq(jobListings.id, job.id));
    expect(await indexed(job.id)).toBe(0);
  });

  it('follows a change of the employer name, and is never cited by an answer', async () => {
    const job = await post('Brumous Knitwear Designer');
    await review(job.id, 'APPROVE');
    await harness.db
      .update(organisationProfiles)
      .set({ source: { title: 'Quillfeather Maison', slug: 'quillfeather-atelier' } })
      .where(eq(organisationProfiles.id, employerId));
    const card = (await search('brumous')).results.find((r) => r.id === job.id);
    expect(card?.subtitle).toBe('Quillfeather Maison · Antwerp · Hybrid');
    const answer = await harness.services.search.answer('Who is hiring a brumous knitwear designer?', null);
    expect(answer.retrieved.some((s) => (s.kind as string) === 'job')).toBe(false);
    expect(answer.citations.some((c) => (c.kind as string) === 'job')).toBe(false);
  });
});
