import { createApprovalUseCases, type ProfileReviews } from './newsroom-approvals';
import type { Viewer } from '../../auth/viewer';
import { AuthError } from '../../errors/auth-error';
import { hasErrorCode } from '../../errors/domain-error';
import { FieldValidationError, type FieldError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { ContentImportError } from '../content/content.errors';
import type { ContentRecord, StoryRecord } from '../content/content.inputs';
import { createDeskUseCases } from './newsroom-desk';
import { diffDrafts } from './newsroom-diff';
import { PREVIEW_LINK_HOURS, signPreviewToken, verifyPreviewToken } from './newsroom-preview-token';
import { StaleRevisionError, StoryNotFoundError, type DiffLine } from './newsroom.errors';
import {
  emptyDraft,
  slugFrom,
  type Draft,
  type DraftBlock,
  type NewsroomRole,
  type StoryStatus,
} from './newsroom.inputs';
import type {
  AuditEntry,
  NewsroomRepo,
  RevisionRow,
  StaffMember,
  StoryListFilter,
  StoryRow,
} from './newsroom.repo';

/** What a change of published content announces (the content change feed's contract). */
export interface ContentChangeNotice {
  storyIds: readonly string[];
  slugs: readonly string[];
  lists: boolean;
}

export interface NewsroomDeps {
  repo: NewsroomRepo;
  /** Writes one record (a story, or a desk entry) into the published content (the content import), inside `repo`'s transaction. */
  publishRecord(repo: NewsroomRepo, record: ContentRecord): Promise<void>;
  /** Announces a content change inside the writing transaction. */
  announce(repo: NewsroomRepo, change: ContentChangeNotice): Promise<void>;
  /**
   * A story went live for the first time (called after its transaction committed): followers'
   * notifications are queued. A failure here is logged, never undoes the publication.
   */
  firstPublished?(articleId: string): Promise<void>;
  previewSecret: string;
  /** Addresses that become newsroom admins when they first come to the newsroom (NEWSROOM_ADMINS). */
  bootstrapAdmins?: readonly string[];
  /** The profiles module's publications, reviewed in the approvals queue (absent: the queue is empty). */
  profileReviews?: ProfileReviews;
  now: () => Date;
}

export interface NewsroomStory extends StoryRow {
  /** Other staff with the story open in the editor now. */
  editing: string[];
}

/** Seconds after which an editor that stopped reporting no longer counts as editing. */
export const PRESENCE_SECONDS = 20;

const can = {
  publish: (role: NewsroomRole) => role === 'editor' || role === 'admin',
  manage: (role: NewsroomRole) => role === 'admin',
};

/** Strips what the published record does not hold: null photos. */
function publishedBlock(block: DraftBlock): StoryRecord['body'][number] {
  if (block.type !== 'image') return block as StoryRecord['body'][number];
  const { photo, ...rest } = block;
  return (photo ? { ...rest, photo } : rest) as StoryRecord['body'][number];
}

/** Checks what publishing needs beyond the draft's own rules, with a message on each field. */
function publishProblems(draft: Draft): FieldError[] {
  const problems: FieldError[] = [];
  const add = (path: string[], message: string) =>
    problems.push({ path: ['draft', ...path], code: 'required_to_publish', message });
  if (draft.headline === '') add(['headline'], 'A headline is needed to publish.');
  if (draft.standfirst === '') add(['standfirst'], 'A standfirst is needed to publish.');
  if (!draft.section) add(['section'], 'Choose a section before publishing.');
  if (draft.topics.length === 0) add(['topics'], 'Choose at least one topic before publishing.');
  if (draft.authors.length === 0) add(['authors'], 'Add at least one author before publishing.');
  if (draft.hero.alt === '') add(['hero', 'alt'], 'Describe the hero picture (alt text) before publishing.');
  if (draft.hero.caption === '') add(['hero', 'caption'], 'A caption is needed to publish.');
  if (draft.hero.credit === '') add(['hero', 'credit'], 'A credit is needed to publish.');
  if (draft.body.length === 0) add(['body'], 'Write the story before publishing.');
  draft.body.forEach((block, index) => {
    if (block.type === 'image') {
      if (block.alt === '')
        add(['body', String(index), 'alt'], 'Every image needs alt text before publishing.');
      if (block.caption === '') add(['body', String(index), 'caption'], 'Every image needs a caption.');
      if (block.credit === '') add(['body', String(index), 'credit'], 'Every image needs a credit.');
    }
    if ((block.type === 'paragraph' || block.type === 'heading') && block.text === '')
      add(['body', String(index)], 'Remove empty paragraphs and headings before publishing.');
  });
  return problems;
}

/** The newsroom's use cases. Every one checks the acting viewer's newsroom role first. */
export function createNewsroomService(deps: NewsroomDeps) {
  const { repo } = deps;

  /**
   * The viewer's newsroom role, read from the database on every request (so a role taken away stops
   * working at once): staff are accounts with the admin flag and a newsroom role.
   */
  async function staffOf(viewer: Viewer | null): Promise<StaffMember | null> {
    if (!viewer) return null;
    const staff = await repo.staff(viewer.userId);
    if (staff || !deps.bootstrapAdmins?.includes(viewer.email.toLowerCase())) return staff;
    await repo.grant(viewer.userId, 'admin', viewer.email);
    await repo.audit({
      userId: viewer.userId,
      action: 'staff.bootstrap',
      subject: viewer.userId,
      after: { role: 'admin' },
    });
    return repo.staff(viewer.userId);
  }

  async function requireStaff(
    viewer: Viewer | null,
    need: 'any' | 'publish' | 'manage' = 'any',
  ): Promise<StaffMember> {
    if (!viewer) throw new AuthError();
    const staff = await staffOf(viewer);
    if (!staff) throw new UnauthorizedError(viewer.userId);
    if (need === 'publish' && !can.publish(staff.role))
      throw new UnauthorizedError(
        viewer.userId,
        null,
        'Only editors can schedule, publish or unpublish stories.',
      );
    if (need === 'manage' && !can.manage(staff.role))
      throw new UnauthorizedError(viewer.userId, null, 'Only newsroom admins can do this.');
    return staff;
  }

  /** A story the staff member may open: writers see their own only. */
  async function visibleStory(staff: StaffMember, id: string, r: NewsroomRepo = repo, lock = false) {
    const story = await r.story(id, lock);
    if (!story) throw new StoryNotFoundError();
    if (staff.role === 'writer' && story.createdBy !== staff.userId) throw new StoryNotFoundError();
    return story;
  }

  async function freeSlug(r: NewsroomRepo, wanted: string, exceptId?: string): Promise<string | null> {
    if (!(await r.slugTaken(wanted, exceptId))) return null;
    for (let n = 2; n < 100; n++) {
      const candidate = `${wanted.slice(0, 115)}-${n}`;
      if (!(await r.slugTaken(candidate, exceptId))) return candidate;
    }
    return `${wanted.slice(0, 110)}-${Date.now().toString(36)}`;
  }

  async function slugClash(r: NewsroomRepo, slug: string, path: string[], exceptId?: string) {
    const suggestion = await freeSlug(r, slug, exceptId);
    if (suggestion)
      throw new FieldValidationError([
        { path, code: 'slug_taken', message: `Another story already uses this slug. Try “${suggestion}”.` },
      ]);
  }

  async function afterFirstPublication(articleId: string): Promise<void> {
    await deps.firstPublished?.(articleId).catch((error: unknown) => {
      console.error('newsroom: queueing the notifications of a new story failed', error);
    });
  }

  /** Writes the story into the published content and announces it, inside `r`'s transaction. */
  async function goLive(
    r: NewsroomRepo,
    story: StoryRow,
    userId: string | null,
    now: Date,
  ): Promise<StoryRow> {
    const draft = story.record;
    const problems = publishProblems(draft);
    if (problems.length > 0) throw new FieldValidationError(problems, 'The story is not ready to publish.');
    const firstPublished = story.publishedAt ?? now;
    const record = {
      type: 'article',
      slug: draft.slug,
      headline: draft.headline,
      standfirst: draft.standfirst,
      section: draft.section!,
      topics: draft.topics,
      tags: draft.tags,
      authors: draft.authors,
      access: draft.access,
      mediaType: draft.mediaType,
      series: draft.series,
      publishedAt: firstPublished.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      updatedAt: story.publishedAt ? now.toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
      hero: draft.hero.photo
        ? {
            art: draft.hero.art,
            photo: draft.hero.photo,
            alt: draft.hero.alt,
            caption: draft.hero.caption,
            credit: draft.hero.credit,
          }
        : {
            art: draft.hero.art,
            alt: draft.hero.alt,
            caption: draft.hero.caption,
            credit: draft.hero.credit,
          },
      body: draft.body.map(publishedBlock),
    } as StoryRecord;
    try {
      await deps.publishRecord(r, record);
    } catch (error) {
      if (hasErrorCode(error, 'invalid_content')) {
        const problems = (error as ContentImportError).errors.map((e) => ({
          path: ['draft', ...e.path.split('.').filter(Boolean)],
          code: 'invalid_content',
          message: e.message,
        }));
        throw new FieldValidationError(problems, 'The story is not ready to publish.');
      }
      throw error;
    }
    const articleId = await r.articleIdBySlug(draft.slug);
    const updated = await r.setState(story.id, {
      status: 'published',
      publishAt: null,
      publishedAt: firstPublished,
      articleId,
    });
    await deps.announce(r, {
      storyIds: articleId ? [articleId] : [],
      slugs: [draft.slug],
      lists: true,
    });
    await r.audit({
      userId,
      action: story.status === 'published' ? 'story.update-live' : 'story.publish',
      subject: story.id,
      before: { status: story.status, revision: story.revision, articleId: story.articleId },
      after: { status: 'published', revision: story.revision, articleId },
    });
    return updated;
  }

  return {
    staffOf,
    requireStaff,
    ...createDeskUseCases(deps, requireStaff),
    ...createApprovalUseCases(deps, requireStaff),

    async listStories(viewer: Viewer | null, filter: StoryListFilter): Promise<StoryRow[]> {
      const staff = await requireStaff(viewer);
      return repo.stories({ ...filter, ...(staff.role === 'writer' ? { createdBy: staff.userId } : {}) });
    },

    async taxonomy(viewer: Viewer | null) {
      await requireStaff(viewer);
      return repo.taxonomy();
    },

    async story(viewer: Viewer | null, id: string): Promise<NewsroomStory> {
      const staff = await requireStaff(viewer);
      const story = await visibleStory(staff, id);
      return { ...story, editing: await repo.presentOthers(id, staff.userId, PRESENCE_SECONDS) };
    },

    async createStory(viewer: Viewer | null, input: { headline: string; slug?: string }): Promise<StoryRow> {
      const staff = await requireStaff(viewer);
      const slug = input.slug ?? slugFrom(input.headline);
      return repo.transaction(async (r) => {
        if (input.slug) await slugClash(r, slug, ['input', 'slug']);
        const free = input.slug ? slug : ((await freeSlug(r, slug)) ?? slug);
        const story = await r.insertStory({
          slug: free,
          record: emptyDraft(input.headline, free),
          userId: staff.userId,
        });
        await r.audit({
          userId: staff.userId,
          action: 'story.create',
          subject: story.id,
          after: { revision: 1 },
        });
        return story;
      });
    },

    /** Saves a revision. Refused, with the other's changes, when the story moved on from `baseRevision`. */
    async saveStory(
      viewer: Viewer | null,
      input: { id: string; baseRevision: number; draft: Draft },
    ): Promise<NewsroomStory> {
      const staff = await requireStaff(viewer);
      const saved = await repo.transaction(async (r) => {
        const story = await visibleStory(staff, input.id, r, true);
        if (staff.role === 'writer' && story.status !== 'draft')
          throw new UnauthorizedError(
            staff.userId,
            null,
            'Only editors can change a scheduled or published story.',
          );
        if (story.revision !== input.baseRevision) {
          const base = await r.revision(story.id, input.baseRevision);
          const latest = await r.revision(story.id, story.revision);
          throw new StaleRevisionError(
            story.revision,
            latest?.name ?? 'Someone',
            base ? diffDrafts(base.record, story.record) : [],
          );
        }
        if (input.draft.slug !== story.slug)
          await slugClash(r, input.draft.slug, ['input', 'draft', 'slug'], story.id);
        if (story.status === 'published' && input.draft.slug !== story.slug)
          throw new FieldValidationError([
            {
              path: ['input', 'draft', 'slug'],
              code: 'slug_locked',
              message: 'A published story keeps its slug.',
            },
          ]);
        const row = await r.saveRevision(story.id, input.baseRevision, input.draft, staff.userId);
        if (!row) throw new StaleRevisionError(story.revision + 1, 'Someone', []);
        await r.audit({
          userId: staff.userId,
          action: 'story.save',
          subject: story.id,
          before: { revision: story.revision },
          after: { revision: row.revision },
        });
        return row;
      });
      return { ...saved, editing: await repo.presentOthers(saved.id, staff.userId, PRESENCE_SECONDS) };
    },

    async revisions(viewer: Viewer | null, id: string): Promise<RevisionRow[]> {
      const staff = await requireStaff(viewer);
      await visibleStory(staff, id);
      return repo.revisions(id);
    },

    async diff(viewer: Viewer | null, id: string, from: number, to: number): Promise<DiffLine[]> {
      const staff = await requireStaff(viewer);
      await visibleStory(staff, id);
      const [a, b] = await Promise.all([repo.revision(id, from), repo.revision(id, to)]);
      if (!a || !b)
        throw new FieldValidationError([
          { path: ['input'], code: 'no_such_revision', message: 'No such revision.' },
        ]);
      return diffDrafts(a.record, b.record);
    },

    /** Makes an earlier revision's content the newest revision (nothing is lost: it is one more save). */
    async restore(viewer: Viewer | null, input: { id: string; revision: number; baseRevision: number }) {
      const staff = await requireStaff(viewer);
      const old = await repo.revision(input.id, input.revision);
      const story = await visibleStory(staff, input.id);
      if (!old)
        throw new FieldValidationError([
          { path: ['input', 'revision'], code: 'no_such_revision', message: 'No such revision.' },
        ]);
      const draft = story.status === 'published' ? { ...old.record, slug: story.slug } : old.record;
      const saved = await this.saveStory(viewer, { id: input.id, baseRevision: input.baseRevision, draft });
      await repo.audit({
        userId: staff.userId,
        action: 'story.restore',
        subject: input.id,
        before: { revision: input.baseRevision },
        after: { revision: saved.revision, restored: input.revision },
      });
      return saved;
    },

    /** Publishes now (or pushes the saved revision of a published story live). */
    async publish(viewer: Viewer | null, id: string): Promise<StoryRow> {
      const staff = await requireStaff(viewer, 'publish');
      const { row, first } = await repo.transaction(async (r) => {
        const story = await visibleStory(staff, id, r, true);
        const live = await goLive(r, story, staff.userId, deps.now());
        return { row: live, first: story.publishedAt === null };
      });
      if (first && row.articleId) await afterFirstPublication(row.articleId);
      return row;
    },

    async schedule(viewer: Viewer | null, id: string, publishAt: Date): Promise<StoryRow> {
      const staff = await requireStaff(viewer, 'publish');
      if (publishAt.getTime() <= deps.now().getTime())
        throw new FieldValidationError([
          { path: ['input', 'publishAt'], code: 'in_the_past', message: 'Choose a time in the future.' },
        ]);
      return repo.transaction(async (r) => {
        const story = await visibleStory(staff, id, r, true);
        if (story.status === 'published')
          throw new FieldValidationError([
            { path: ['input', 'id'], code: 'already_published', message: 'This story is already published.' },
          ]);
        const problems = publishProblems(story.record);
        if (problems.length > 0)
          throw new FieldValidationError(problems, 'The story is not ready to publish.');
        if (await r.slugTaken(story.slug, story.id))
          await slugClash(r, story.slug, ['draft', 'slug'], story.id);
        const row = await r.setState(id, { status: 'scheduled', publishAt });
        await r.audit({
          userId: staff.userId,
          action: 'story.schedule',
          subject: id,
          before: { status: story.status },
          after: { status: 'scheduled', publishAt: publishAt.toISOString() },
        });
        return row;
      });
    },

    async unpublish(viewer: Viewer | null, id: string): Promise<StoryRow> {
      const staff = await requireStaff(viewer, 'publish');
      return repo.transaction(async (r) => {
        const story = await visibleStory(staff, id, r, true);
        if (story.status === 'scheduled') {
          const row = await r.setState(id, { status: 'draft', publishAt: null });
          await r.audit({
            userId: staff.userId,
            action: 'story.unschedule',
            subject: id,
            before: { status: 'scheduled' },
            after: { status: 'draft' },
          });
          return row;
        }
        if (story.status !== 'published')
          throw new FieldValidationError([
            { path: ['input', 'id'], code: 'not_published', message: 'This story is not published.' },
          ]);
        if (story.articleId) await r.deleteArticle(story.articleId);
        const row = await r.setState(id, { status: 'unpublished', articleId: null });
        await deps.announce(r, {
          storyIds: story.articleId ? [story.articleId] : [],
          slugs: [story.slug],
          lists: true,
        });
        await r.audit({
          userId: staff.userId,
          action: 'story.unpublish',
          subject: id,
          before: { status: 'published', articleId: story.articleId },
          after: { status: 'unpublished', articleId: null },
        });
        return row;
      });
    },

    /**
     * Publishes every scheduled story that is due. Each is claimed by a conditional update in its own
     * transaction, so with several processes sweeping, each story is published exactly once; a story that
     * cannot be published goes back to draft, with the reason in the audit log.
     */
    async sweep(): Promise<number> {
      let published = 0;
      for (const id of await repo.dueIds()) {
        try {
          const done = await repo.transaction(async (r) => {
            const claimed = await r.claimDue(id);
            if (!claimed) return null;
            const live = await goLive(r, { ...claimed, status: 'scheduled' }, null, deps.now());
            return { articleId: live.articleId, first: claimed.publishedAt === null };
          });
          if (done) published++;
          if (done?.first && done.articleId) await afterFirstPublication(done.articleId);
        } catch (error) {
          await repo.transaction(async (r) => {
            const story = await r.story(id, true);
            if (story?.status !== 'scheduled') return;
            await r.setState(id, { status: 'draft', publishAt: null });
            await r.audit({
              userId: null,
              action: 'story.schedule-failed',
              subject: id,
              before: { status: 'scheduled' },
              after: { status: 'draft', reason: error instanceof Error ? error.message : String(error) },
            });
          });
        }
      }
      return published;
    },

    /** Marks the viewer as editing the story and answers who else is. */
    async heartbeat(viewer: Viewer | null, id: string, leaving = false): Promise<string[]> {
      const staff = await requireStaff(viewer);
      await visibleStory(staff, id);
      if (leaving) await repo.leavePresence(id, staff.userId);
      else await repo.touchPresence(id, staff.userId);
      return repo.presentOthers(id, staff.userId, PRESENCE_SECONDS);
    },

    /** A link token any staff member can open for 24 hours. */
    async previewToken(viewer: Viewer | null, id: string): Promise<{ token: string; expiresAt: Date }> {
      const staff = await requireStaff(viewer);
      await visibleStory(staff, id);
      const expiresAt = new Date(deps.now().getTime() + PREVIEW_LINK_HOURS * 3_600_000);
      await repo.audit({
        userId: staff.userId,
        action: 'story.preview-link',
        subject: id,
        after: { expiresAt: expiresAt.toISOString() },
      });
      return { token: signPreviewToken(deps.previewSecret, id, expiresAt), expiresAt };
    },

    /** The story a preview link shows, for staff only; null when the link is invalid or expired. */
    async storyByPreviewToken(viewer: Viewer | null, token: string): Promise<StoryRow | null> {
      await requireStaff(viewer);
      const id = verifyPreviewToken(deps.previewSecret, token, deps.now());
      return id ? repo.story(id) : null;
    },

    async auditLog(viewer: Viewer | null, limit = 200): Promise<AuditEntry[]> {
      await requireStaff(viewer, 'manage');
      return repo.auditLog(limit);
    },

    async staff(viewer: Viewer | null): Promise<StaffMember[]> {
      await requireStaff(viewer, 'manage');
      return repo.allStaff();
    },

    /** Gives a reader a newsroom role and with it the admin flag (or takes the role away with null). */
    async setStaff(viewer: Viewer | null, input: { email: string; role: NewsroomRole | null; name: string }) {
      const admin = await requireStaff(viewer, 'manage');
      const account = await repo.accountByEmail(input.email);
      if (!account)
        throw new FieldValidationError([
          {
            path: ['input', 'email'],
            code: 'no_account',
            message: 'No reader has signed in with this e-mail address yet.',
          },
        ]);
      const before = await repo.staff(account.userId);
      if (input.role) await repo.grant(account.userId, input.role, input.name);
      else await repo.removeStaff(account.userId);
      await repo.audit({
        userId: admin.userId,
        action: input.role ? 'staff.set' : 'staff.remove',
        subject: account.userId,
        before: before ? { role: before.role } : null,
        after: input.role ? { role: input.role } : null,
      });
      return repo.allStaff();
    },
  };
}

export type NewsroomService = ReturnType<typeof createNewsroomService>;
export type { StoryStatus };
