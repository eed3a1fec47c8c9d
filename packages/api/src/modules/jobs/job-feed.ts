import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Database } from '@bof/db/client';
import { jobListingSchema } from './jobs.inputs';
import { jobSlug } from './job-slug';
import { listingColumns, type JobsModule } from './jobs.module';
import { createJobsRepo, type EmployerRef, type NewJob } from './jobs.repo';

/** Listings in one feed, at most. */
export const JOB_FEED_MAX = 500;

/**
 * A partner's job feed (docs/careers-feed.md): `version` 1, the partner's name, and its listings. Each
 * listing has the partner's `externalId`, the employer's organisation profile `employerSlug`, and the
 * fields of a posted listing. A listing already imported (same partner and id) is replaced.
 */
export const jobFeedSchema = z.object({
  version: z.literal(1, { error: 'Only version 1 of the feed format is known.' }),
  partner: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,40}$/, 'The partner is 2–41 lower-case letters, digits or hyphens.'),
  jobs: z
    .array(z.record(z.string(), z.unknown()), { error: 'The feed needs a list of jobs.' })
    .min(1, 'The feed has no jobs.')
    .max(JOB_FEED_MAX, `A feed holds at most ${JOB_FEED_MAX} jobs.`),
});

export interface FeedError {
  /** Where: `jobs[3].applyUrl`, or the feed's own field. */
  path: string;
  message: string;
}

export type FeedImportResult =
  { ok: true; created: number; updated: number } | { ok: false; errors: FeedError[] };

const externalIdSchema = z
  .string({ error: 'Give the listing’s externalId.' })
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'The externalId is 1–100 letters, digits, . _ : or -.');

/**
 * Validates the whole feed first, the way content imports are: every error is reported with its path and
 * nothing is stored unless every listing is valid. Valid feeds are written in one transaction; their
 * listings await a newsroom admin's approval like employers' postings.
 */
export async function importJobFeed(
  careers: Pick<JobsModule, 'repo'>,
  data: unknown,
  now: Date = new Date(),
): Promise<FeedImportResult> {
  const envelope = jobFeedSchema.safeParse(data);
  if (!envelope.success)
    return {
      ok: false,
      errors: envelope.error.issues.map((i) => ({ path: i.path.join('.') || 'feed', message: i.message })),
    };
  const { partner, jobs } = envelope.data;
  const errors: FeedError[] = [];
  const employers = new Map<string, EmployerRef | null>();
  const rows: NewJob[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of jobs.entries()) {
    const at = (field: string) => `jobs[${index}]${field ? `.${field}` : ''}`;
    const externalId = externalIdSchema.safeParse(raw.externalId);
    if (!externalId.success)
      errors.push({ path: at('externalId'), message: externalId.error.issues[0]!.message });
    else if (seen.has(externalId.data))
      errors.push({ path: at('externalId'), message: 'This externalId is in the feed twice.' });
    else seen.add(externalId.data);
    const slug = typeof raw.employerSlug === 'string' ? raw.employerSlug : '';
    if (!employers.has(slug)) employers.set(slug, slug ? await careers.repo.employerBySlug(slug) : null);
    const employer = employers.get(slug);
    if (!employer)
      errors.push({
        path: at('employerSlug'),
        message: `No organisation profile has the address name "${slug}".`,
      });
    const parsed = jobListingSchema.safeParse({
      ...raw,
      employerProfileId: employer?.profileId ?? '00000000-0000-4000-8000-000000000000',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        errors.push({ path: at(issue.path.join('.')), message: issue.message });
      continue;
    }
    if (parsed.data.closesAt <= now) {
      errors.push({ path: at('closesAt'), message: 'The closing date has passed.' });
      continue;
    }
    let columns;
    try {
      columns = listingColumns(parsed.data);
    } catch (error) {
      errors.push({ path: at('descriptionHtml'), message: (error as Error).message });
      continue;
    }
    if (externalId.success && employer) {
      const id = randomUUID();
      rows.push({
        id,
        slug: jobSlug(parsed.data.title, id),
        ...columns,
        status: 'pending',
        source: 'feed',
        externalId: `${partner}:${externalId.data}`,
        submittedBy: `feed:${partner}`,
        rejectedReason: null,
        publishedAt: null,
        reviewedAt: null,
        reviewedBy: null,
      });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  let created = 0;
  let updated = 0;
  await careers.repo.db.transaction(async (tx) => {
    const repo = createJobsRepo(tx as unknown as Database);
    for (const row of rows) {
      if ((await repo.upsertFeed(row)) === 'created') created += 1;
      else updated += 1;
    }
  });
  return { ok: true, created, updated };
}
