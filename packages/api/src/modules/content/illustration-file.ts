import { sql } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { articles } from '@bof/db/schema';
import type { Art } from './content.inputs';
import { illustrationPng } from './illustration-png';
import { illustrationSvg } from './illustration-svg';

/** Drawn PNG files kept in memory (each about 20-60 KB); the least recently asked go first. */
const MAX_CACHED_FILES = 64;

export interface IllustrationFileDeps {
  /** Whether a story (its hero or an image block) uses this art. */
  inUse(art: Art): Promise<boolean>;
  png(art: Art): Promise<Buffer>;
}

/** Whether the content uses an illustration: a story's hero, or an image block of its body. */
export function illustrationInUse(db: Database) {
  return async (art: Art): Promise<boolean> => {
    // Both sides are indexed (articles_hero_art_idx, articles_body_path_idx): no scan of the archive.
    const asHero = JSON.stringify({ motif: art.motif, seed: art.seed });
    const inBody = JSON.stringify([{ type: 'image', art: { motif: art.motif, seed: art.seed } }]);
    const rows = await db
      .select({ one: sql<number>`1` })
      .from(articles)
      .where(sql`(${articles.hero} -> 'art') = ${asHero}::jsonb or ${articles.body} @> ${inBody}::jsonb`)
      .limit(1);
    return rows.length > 0;
  };
}

/**
 * Serves illustration files for the art the content uses, and only that: drawing a PNG costs about
 * 200 ms of CPU, and the image optimiser keeps a file for every address it is asked for, so an address
 * made up by a client (any motif and seed) answers null (404) instead of drawing. Drawn PNGs are kept in
 * a small in-memory cache; the SVG drawing itself is cheap.
 */
export function createIllustrationFiles(deps: IllustrationFileDeps) {
  const cache = new Map<string, Promise<Buffer>>();
  return {
    async file(art: Art, format: 'png' | 'svg'): Promise<Uint8Array<ArrayBuffer> | string | null> {
      if (!(await deps.inUse(art))) return null;
      if (format === 'svg') return illustrationSvg(art);
      const key = `${art.motif}/${art.seed}`;
      let drawn = cache.get(key);
      if (drawn) cache.delete(key);
      else drawn = deps.png(art);
      cache.set(key, drawn);
      while (cache.size > MAX_CACHED_FILES) cache.delete(cache.keys().next().value!);
      try {
        return new Uint8Array(await drawn);
      } catch (error) {
        cache.delete(key);
        throw error;
      }
    },
  };
}

export type IllustrationFiles = ReturnType<typeof createIllustrationFiles>;

/** The illustration files over a database, with the PNG drawing of illustration-png.ts. */
export function illustrationFilesFor(db: Database): IllustrationFiles {
  return createIllustrationFiles({ inUse: illustrationInUse(db), png: illustrationPng });
}
