import { STORAGE_KEYS, safeStorage } from '../../client/auth/storage-keys';
import { resolveRedirectTarget } from '../../client/auth/redirect-target';

/** How long after meeting a wall the reader is offered the way back to the story. */
export const WALL_JOURNEY_MAX_AGE_MS = 2 * 60 * 60 * 1000;

/** The story whose wall the reader followed, if recent and on this site; anything else is dropped. */
export function readWallJourney(now: number, origin: string): { url: string; title: string } | null {
  const raw = safeStorage.get(STORAGE_KEYS.wallJourney);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { articleUrl?: unknown; title?: unknown; at?: unknown };
    const fresh =
      typeof value.at === 'number' && now - value.at >= 0 && now - value.at <= WALL_JOURNEY_MAX_AGE_MS;
    if (fresh && typeof value.articleUrl === 'string') {
      const url = resolveRedirectTarget(value.articleUrl, {
        kind: 'login',
        currentUrl: `${origin}/`,
        siteOrigin: origin,
      });
      // A target that resolved elsewhere (another site) falls back to the front page: not a story.
      if (url !== `${origin}/`)
        return {
          url,
          title: typeof value.title === 'string' && value.title ? value.title : 'the story you were reading',
        };
    }
  } catch {
    // Malformed: dropped below.
  }
  safeStorage.remove(STORAGE_KEYS.wallJourney);
  return null;
}

export function clearWallJourney(): void {
  safeStorage.remove(STORAGE_KEYS.wallJourney);
}
