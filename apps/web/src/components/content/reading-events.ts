/** The depths reported as `scroll_depth`, each once per page: percent of the story above the window's bottom. */
export const SCROLL_DEPTHS = [25, 50, 75, 100] as const;

/** How many words a piece of copied text holds (the `copy` event's wordsCopied). */
export function countCopiedWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/**
 * The scroll depths newly reached at `depth` percent of the story: every depth up to it not reported
 * yet, in order (a reader who jumps to the end has passed the middle too).
 */
export function depthsReached(depth: number, reported: ReadonlySet<number>): number[] {
  return SCROLL_DEPTHS.filter((d) => d <= depth && !reported.has(d));
}
