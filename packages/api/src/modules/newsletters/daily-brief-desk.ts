import { z } from 'zod';
import { AuthError } from '../../errors/auth-error';
import { fieldValidationErrorFrom } from '../../errors/from-validation-issues';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import type { Viewer } from '../../auth/viewer';
import type { StaffMember } from '../newsroom/newsroom.module';
import type { DailyBriefDraft, NewsletterSending } from './newsletter-sending';
import { DailyBriefAlreadySentError, DailyBriefNotFoundError } from './newsletters.errors';

/** An editor's version of the upcoming daily brief: its stories in order and its introduction. */
export const dailyBriefEditSchema = z.object({
  editionId: z.uuid({ message: 'This brief does not exist.' }),
  storyIds: z.array(z.string().min(1).max(200)).max(30, { message: 'A brief holds at most 30 stories.' }),
  intro: z.string().max(1000, { message: 'Keep the introduction under 1,000 characters.' }),
});

/**
 * The newsroom's daily brief desk: every newsroom member sees the upcoming brief (composed from the day's
 * stories); editors and admins reorder and remove its stories and write its introduction until its send.
 */
export function createDailyBriefDesk(deps: {
  sending: Pick<NewsletterSending, 'dailyBriefDraft' | 'editDailyBrief'>;
  staffOf: (viewer: Viewer | null) => Promise<StaffMember | null>;
}) {
  async function requireStaff(viewer: Viewer | null, edit: boolean): Promise<StaffMember> {
    if (!viewer) throw new AuthError();
    const staff = await deps.staffOf(viewer);
    if (!staff) throw new UnauthorizedError(viewer.userId);
    if (edit && staff.role !== 'editor' && staff.role !== 'admin')
      throw new UnauthorizedError(viewer.userId, null, 'Only editors can edit the daily brief.');
    return staff;
  }

  return {
    /** The upcoming daily brief, or null when no story was published for it yet. */
    async draft(viewer: Viewer | null): Promise<DailyBriefDraft | null> {
      await requireStaff(viewer, false);
      return deps.sending.dailyBriefDraft();
    },

    /**
     * Saves an editor's version of the brief; the send uses it.
     * @throws FieldValidationError; DailyBriefNotFoundError; DailyBriefAlreadySentError once sending began.
     */
    async edit(viewer: Viewer | null, input: unknown): Promise<void> {
      const staff = await requireStaff(viewer, true);
      const parsed = dailyBriefEditSchema.safeParse(input);
      if (!parsed.success) throw fieldValidationErrorFrom(parsed.error.issues);
      const outcome = await deps.sending.editDailyBrief(parsed.data.editionId, {
        storyIds: parsed.data.storyIds,
        intro: parsed.data.intro,
        editedBy: staff.userId,
      });
      if (outcome === 'not-found') throw new DailyBriefNotFoundError();
      if (outcome === 'sent') throw new DailyBriefAlreadySentError();
    },
  };
}

export type DailyBriefDesk = ReturnType<typeof createDailyBriefDesk>;
