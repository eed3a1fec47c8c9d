import { DomainError } from '../../errors/domain-error';

/** The story does not exist (or the viewer may not see it). */
export class StoryNotFoundError extends DomainError {
  constructor() {
    super('newsroom_story_not_found', 'There is no such story in the newsroom.');
  }
}

/**
 * A save started from an older revision than the story's current one: someone else saved in between.
 * Carries their revision so the editor can show the other's changes; nothing was written.
 */
export class StaleRevisionError extends DomainError {
  constructor(
    readonly currentRevision: number,
    readonly savedBy: string,
    readonly changes: readonly DiffLine[],
  ) {
    super(
      'newsroom_stale_revision',
      `${savedBy} saved this story while you were editing (revision ${currentRevision}). Their changes are shown; copy yours across and save again.`,
    );
  }
}

/** One line of a diff between two revisions. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  field: string;
  text: string;
}
