'use server';

import { isDomainError } from '@bof/api/errors';
import { newsroomStaff } from '../../../server/newsroom/newsroom-staff';

export type SaveDailyBriefResult = { ok: true } | { ok: false; message: string };

/** Saves an editor's version of the upcoming daily brief (the desk checks the newsroom role). */
export async function saveDailyBriefAction(input: {
  editionId: string;
  storyIds: string[];
  intro: string;
}): Promise<SaveDailyBriefResult> {
  const { viewer, services } = await newsroomStaff();
  try {
    await services.dailyBriefDesk.edit(viewer, input);
    return { ok: true };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fieldErrors = (error as { fieldErrors?: { message: string }[] }).fieldErrors;
    return { ok: false, message: fieldErrors?.[0]?.message ?? error.message };
  }
}
