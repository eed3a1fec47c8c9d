import type { Viewer } from '../../auth/viewer';
import { hasErrorCode } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import type { ContentImportError } from '../content/content.errors';
import type { ContentRecord } from '../content/content.inputs';
import { FRONT_PIN_SLOTS } from '../content/content.service';
import type { DeskEntry, FrontPin } from './newsroom-desk.repo';
import type { DeskEntryInput, DeskKind } from './newsroom-desk.inputs';
import type { StaffMember } from './newsroom.repo';
import type { NewsroomDeps } from './newsroom.service';

type RequireStaff = (viewer: Viewer | null, need?: 'any' | 'publish' | 'manage') => Promise<StaffMember>;

const KIND_NAMES: Record<DeskKind, string> = {
  section: 'section',
  topic: 'topic',
  author: 'author',
  series: 'series',
};

/** The record the content import writes for a desk entry (docs/content-format.md). */
function recordOf(input: DeskEntryInput): ContentRecord {
  switch (input.kind) {
    case 'section':
    case 'topic':
      return { type: input.kind, slug: input.slug, name: input.name, description: input.description };
    case 'series':
      return { type: 'series', slug: input.slug, title: input.name, description: input.description };
    case 'author':
      return {
        type: 'author',
        slug: input.slug,
        name: input.name,
        title: input.title ?? '',
        bio: input.description,
        ...(input.photo ? { photo: input.photo } : {}),
      };
  }
}

/**
 * The desk: sections, topics, authors and series (newsroom admins), and the front page's pinned lead slots
 * (editors). Entries are written through the content import, as stories are, so one validator and one
 * writer keep the format; every change tells each server process which story pages and lists to drop.
 */
export function createDeskUseCases(
  deps: Pick<NewsroomDeps, 'repo' | 'publishRecord' | 'announce'>,
  requireStaff: RequireStaff,
) {
  const { repo } = deps;

  return {
    async deskEntries(viewer: Viewer | null, kind: DeskKind): Promise<DeskEntry[]> {
      await requireStaff(viewer);
      return repo.deskEntries(kind);
    },

    /** Creates an entry (its slug must be free) or changes one; newsroom admins only. */
    async saveDeskEntry(viewer: Viewer | null, input: DeskEntryInput): Promise<DeskEntry> {
      const admin = await requireStaff(viewer, 'manage');
      const kind = KIND_NAMES[input.kind];
      await repo.transaction(async (r) => {
        const exists = await r.deskEntryExists(input.kind, input.slug);
        if (input.create && exists)
          throw new FieldValidationError([
            {
              path: ['input', 'slug'],
              code: 'slug_taken',
              message: `There is already a ${kind} with this slug.`,
            },
          ]);
        if (!input.create && !exists)
          throw new FieldValidationError([
            { path: ['input', 'slug'], code: 'not_found', message: `There is no ${kind} with this slug.` },
          ]);
        if (input.photo && !(await r.mediaExists(input.photo)))
          throw new FieldValidationError([
            {
              path: ['input', 'photo'],
              code: 'not_found',
              message: 'Upload the photo again: it was not found.',
            },
          ]);
        try {
          await deps.publishRecord(r, recordOf(input));
        } catch (error) {
          if (!hasErrorCode(error, 'invalid_content')) throw error;
          throw new FieldValidationError(
            (error as ContentImportError).errors.map((e) => ({
              path: ['input', ...e.path.split('.').filter(Boolean)],
              code: 'invalid_content',
              message: e.message,
            })),
          );
        }
        // Story pages show their section, topics, authors and series by name: theirs are out of date.
        const naming = input.create ? [] : await r.storiesNaming(input.kind, input.slug);
        await deps.announce(r, {
          storyIds: naming.map((s) => s.id),
          slugs: naming.map((s) => s.slug),
          lists: true,
        });
        await r.audit({
          userId: admin.userId,
          action: `${input.kind}.${input.create ? 'create' : 'update'}`,
          subject: input.slug,
          after: { name: input.name, ...(input.photo ? { photo: input.photo } : {}) },
        });
      });
      const saved = (await repo.deskEntries(input.kind)).find((entry) => entry.slug === input.slug);
      if (!saved) throw new Error(`The ${kind} ${input.slug} was saved but cannot be read back.`);
      return saved;
    },

    /** The newest published articles an editor may pin (any other published article may be named too). */
    async pinCandidates(viewer: Viewer | null, limit = 60): Promise<{ slug: string; headline: string }[]> {
      await requireStaff(viewer, 'publish');
      return repo.recentArticles(limit);
    },

    async frontPins(viewer: Viewer | null): Promise<FrontPin[]> {
      await requireStaff(viewer);
      return repo.frontPins();
    },

    /**
     * Pins published articles to the front page's lead slots (index 0 is slot 1, the top story; null
     * leaves a slot to the newest story). Editors and admins only.
     */
    async setFrontPins(viewer: Viewer | null, slugs: readonly (string | null)[]): Promise<FrontPin[]> {
      const editor = await requireStaff(viewer, 'publish');
      return repo.transaction(async (r) => {
        const wanted = slugs.slice(0, FRONT_PIN_SLOTS);
        const found = await r.pinnableArticles(wanted.filter((s): s is string => s !== null));
        const problems = wanted.flatMap((slug, index) =>
          slug !== null && !found.has(slug)
            ? [
                {
                  path: ['slugs', String(index)],
                  code: 'not_found',
                  message: 'No published article has this slug.',
                },
              ]
            : [],
        );
        if (problems.length > 0) throw new FieldValidationError(problems);
        const before = await r.frontPins();
        const pins = wanted.flatMap((slug, index) =>
          slug === null ? [] : [{ slot: index + 1, articleId: found.get(slug)! }],
        );
        await r.setFrontPins(pins, editor.userId);
        await deps.announce(r, { storyIds: [], slugs: [], lists: true });
        await r.audit({
          userId: editor.userId,
          action: 'front.pins',
          subject: 'front-page',
          before: { pins: before.map((pin) => ({ slot: pin.slot, slug: pin.slug })) },
          after: { pins: pins.map((pin) => ({ slot: pin.slot, slug: wanted[pin.slot - 1] })) },
        });
        return r.frontPins();
      });
    },
  };
}
