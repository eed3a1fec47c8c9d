import { createHash } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import {
  articles,
  organisationProfiles,
  personProfiles,
  profileCollectionEntries,
  profileCollections,
  profileProjects,
} from '@bof/db/schema';
import type { Seed } from '../../platform/seeds';
import { demoOrganisations, demoPeople } from './demo-profiles';
import { BOF500_COLLECTION } from './profiles.module';
import { searchKey } from './profiles.repo';

const SEED_BY = 'demo-seed';
const SEEDED_AT = new Date('2025-01-01T00:00:00Z');
const CHUNK = 100;

async function inChunks<T>(rows: readonly T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/**
 * Writes the demo people and organisations, published, with projects, careers at the demo organisations,
 * links to the demo edition's stories and a BoF 500 place for every person. Profiles already there are
 * kept as they are (an admin's edits survive a new seed version).
 */
export async function seedDemoProfiles(db: Database): Promise<void> {
  const stories = (await db.select({ slug: articles.slug }).from(articles).orderBy(asc(articles.slug))).map(
    (row) => row.slug,
  );
  await db
    .insert(profileCollections)
    .values({
      slug: BOF500_COLLECTION,
      title: 'The BoF 500',
      description: 'The people shaping the global fashion industry, chosen each year.',
    })
    .onConflictDoNothing();
  const organisations = demoOrganisations(stories);
  await inChunks(organisations, (chunk) =>
    db
      .insert(organisationProfiles)
      .values(
        chunk.map(({ id, doc, projects, featured }) => ({
          id,
          accountId: null,
          slug: doc.slug,
          source: doc,
          version: 1,
          public: { ...doc, projects },
          publicSlug: doc.slug,
          publishedVersion: 1,
          publishedAt: SEEDED_AT,
          // The newsroom's own editorial set: nothing awaits its review.
          reviewedVersion: 1,
          reviewedAt: SEEDED_AT,
          reviewedBy: SEED_BY,
          publicTitleKey: searchKey(doc.title),
          featuredCategories: featured,
          updatedBy: SEED_BY,
        })),
      )
      .onConflictDoNothing(),
  );
  await inChunks(
    organisations.flatMap((o) => o.projects),
    (chunk) =>
      db
        .insert(profileProjects)
        .values(chunk.map(({ projectId, ...project }) => ({ ...project, id: projectId })))
        .onConflictDoNothing(),
  );
  const people = demoPeople();
  await inChunks(people, (chunk) =>
    db
      .insert(personProfiles)
      .values(
        chunk.map(({ id, doc }) => ({
          id,
          ownerUserId: null,
          slug: doc.slug,
          source: doc,
          version: 1,
          public: doc,
          publicSlug: doc.slug,
          publishedVersion: 1,
          publishedAt: SEEDED_AT,
          // The newsroom's own editorial set: nothing awaits its review.
          reviewedVersion: 1,
          reviewedAt: SEEDED_AT,
          reviewedBy: SEED_BY,
          publicNameKey: searchKey(`${doc.firstName} ${doc.lastName}`),
          publicCategory: doc.category,
          publicCountry: doc.location.country,
          updatedBy: SEED_BY,
        })),
      )
      .onConflictDoNothing(),
  );
  await inChunks(
    people.flatMap((p) =>
      p.bof500.map((entry) => ({ profileId: p.id, collectionSlug: BOF500_COLLECTION, ...entry })),
    ),
    (chunk) => db.insert(profileCollectionEntries).values(chunk).onConflictDoNothing(),
  );
}

// A fingerprint of the generated set itself: a changed generator is seeded again at the next start.
const version = createHash('sha256')
  .update(JSON.stringify({ people: demoPeople(), organisations: demoOrganisations(['story']) }))
  .digest('hex')
  .slice(0, 16);

/** The demo profiles, seeded after the demo edition (their organisations link its stories). */
export const demoProfilesSeed: Seed = { name: 'demo-profiles', version, run: seedDemoProfiles };
