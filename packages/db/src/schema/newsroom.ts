import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { articles } from './content';

/**
 * The newsroom: staff roles, stories being written (drafts until published; the published version lives in
 * `articles`), every saved revision, uploaded media and the append-only audit log.
 */

/** A reader with the admin flag and a newsroom role: writer, editor or admin. */
export const newsroomStaff = pgTable('newsroom_staff', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accounts.userId, { onDelete: 'cascade' }),
  role: text('role', { enum: ['writer', 'editor', 'admin'] }).notNull(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * A story in the newsroom. `record` holds its fields in the content record format (docs/content-format.md),
 * possibly incomplete while it is a draft; `revision` counts saves (a save names the revision it started
 * from and is refused when another save came first). `publishAt` is set while it is scheduled; the sweep
 * publishes it with a conditional update, so exactly once.
 */
export const newsroomStories = pgTable(
  'newsroom_stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    status: text('status', { enum: ['draft', 'scheduled', 'published', 'unpublished'] }).notNull(),
    record: jsonb('record').notNull(),
    headline: text('headline').notNull(),
    sectionSlug: text('section_slug'),
    revision: integer('revision').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'set null' }),
    createdBy: text('created_by')
      .notNull()
      .references(() => accounts.userId),
    updatedBy: text('updated_by')
      .notNull()
      .references(() => accounts.userId),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('newsroom_stories_status_idx').on(table.status, table.updatedAt.desc()),
    index('newsroom_stories_due_idx')
      .on(table.publishAt)
      .where(sql`status = 'scheduled'`),
  ],
);

/** Every save of a story: who, when, and the whole record as saved. Never updated or deleted. */
export const newsroomRevisions = pgTable(
  'newsroom_revisions',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => newsroomStories.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    record: jsonb('record').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => accounts.userId),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.revision] })],
);

/** Who has a story open in the editor: refreshed by the editor every few seconds, stale after a while. */
export const newsroomPresence = pgTable(
  'newsroom_presence',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => newsroomStories.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => accounts.userId, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.storyId, table.userId] })],
);

/** An uploaded photo, checked and re-encoded; the file itself is in the media storage under `key`. */
export const newsroomMedia = pgTable('newsroom_media', {
  id: uuid('id').primaryKey(),
  key: text('key').notNull().unique(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: integer('bytes').notNull(),
  uploadedBy: text('uploaded_by')
    .notNull()
    .references(() => accounts.userId),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Every newsroom action, append-only: who, what, when, and the ids before and after. */
export const newsroomAudit = pgTable(
  'newsroom_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('newsroom_audit_created_idx').on(table.createdAt.desc())],
);

/**
 * The front page's lead slots an editor pinned (slot 1 is the top story): a pinned story leads in its
 * slot whatever its age; unpinned slots take the newest stories. Unpublishing a story frees its slot.
 */
export const frontPagePins = pgTable(
  'front_page_pins',
  {
    slot: smallint('slot').primaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .unique()
      .references(() => articles.id, { onDelete: 'cascade' }),
    pinnedBy: text('pinned_by').references(() => accounts.userId, { onDelete: 'set null' }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [check('front_page_pins_slot_check', sql`${table.slot} BETWEEN 1 AND 3`)],
);
