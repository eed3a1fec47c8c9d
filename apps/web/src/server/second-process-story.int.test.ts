import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveServices } from '@bof/api/running-services';
import { createSharedTestDatabase } from '@bof/api/testing/postgres-database';
import type { Viewer } from '@bof/api/viewer';
import { getTestEnv } from '@bof/config/test';
import { STORY_CACHE_HEADER } from './access/story-page-server';
import { identitySession } from './testing/identity-browser';
import { signInToProduct } from './testing/product-sign-in';
import { startProduct, type StartedProduct } from './testing/start-product';

// Two server processes on one PostgreSQL database: an editor's change made through this process's
// newsroom reaches the other process's story page cache (emptied by the content change feed, LISTEN/NOTIFY)
// and is served there within a second. PGlite is one process's database, so this runs on PostgreSQL only
// (CI runs the integration tests on both).
const here = path.dirname(fileURLToPath(import.meta.url));
const postgres = Boolean(getTestEnv().testDatabaseUrl);

const EDITOR_EMAIL = 'second-process-editor@example.org';
/** An author, section and topic of the demo edition, which every started product holds. */
const DEMO_AUTHOR = 'amara-okafor';
let editor: Viewer = {
  userId: '',
  email: EDITOR_EMAIL,
  membershipLevel: 'None',
  membershipType: 'None',
  isBofAdmin: true,
  isFirstLogin: false,
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: true,
};

let database: { url: string; close(): Promise<void> };
let product: StartedProduct;
let second: ChildProcess | undefined;
let secondUrl = '';

/** Starts the second process on the same database and waits until it answers. */
async function startSecondProcess(databaseUrl: string): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'testing/story-server-process.ts')],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  second = child;
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The second process exited (${String(code)}) before it answered.`);
  });
  const listening = (async () => {
    for await (const line of lines) {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (port) return `http://127.0.0.1:${port}`;
    }
    throw new Error('The second process closed its output before it answered.');
  })();
  return Promise.race([listening, exited]);
}

/** The reader's cookies: the gate sends a first-time reader round once to set its meter cookie. */
const jar = new Map<string, string>();

async function read(slug: string) {
  let address = `${secondUrl}/articles/news/${slug}/`;
  for (let hops = 0; ; hops += 1) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(address, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (response.status === 303 && location && hops < 3) {
      address = new URL(location, address).toString();
      continue;
    }
    const html = await response.text();
    return {
      status: response.status,
      cache: response.headers.get(STORY_CACHE_HEADER),
      headline: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    };
  }
}

describe.runIf(postgres)('a second server process on the same database', () => {
  beforeAll(async () => {
    database = await createSharedTestDatabase();
    const { url } = database;
    // The editor signs up and in as anyone does; NEWSROOM_ADMINS makes them newsroom staff on arrival.
    product = await startProduct({ env: { DATABASE_URL: url, NEWSROOM_ADMINS: EDITOR_EMAIL } });
    serveServices(Promise.resolve(product.services));
    const { env } = product.services;
    const identity = (request: Request) => product.identity.mounted.server.fetch(request);
    const { cookie, identityId } = await identitySession(identity, env.identityBaseUrl, EDITOR_EMAIL);
    await signInToProduct(env.siteUrl, cookie);
    editor = { ...editor, userId: identityId };
    secondUrl = await startSecondProcess(url);
  }, 120_000);

  afterAll(async () => {
    if (second && second.exitCode === null) {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
    await product?.close();
    await database?.close();
  }, 60_000);

  it('serves an edited story within one second of the edit', async () => {
    const { newsroom } = product.services;
    const story = await newsroom.createStory(editor, { headline: 'Before the fix' });
    const saved = await newsroom.saveStory(editor, {
      id: story.id,
      baseRevision: 1,
      draft: {
        ...story.record,
        standfirst: 'Why the season ends early.',
        section: 'news',
        topics: ['retail'],
        authors: [{ slug: DEMO_AUTHOR, role: 'AUTHOR' }],
        hero: {
          ...story.record.hero,
          alt: 'A shop window',
          caption: 'Paris',
          credit: 'Illustration: Studio',
        },
        body: [{ type: 'paragraph', text: 'First paragraph.' }],
      },
    });
    await newsroom.publish(editor, story.id);

    // The second process learns of the story from the feed, renders its page once and then answers from
    // its cache.
    let before = await read(story.slug);
    for (let tries = 0; before.cache !== 'hit' && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      before = await read(story.slug);
    }
    expect(before).toMatchObject({ status: 200, cache: 'hit', headline: 'Before the fix' });

    await newsroom.saveStory(editor, {
      id: story.id,
      baseRevision: saved.revision,
      draft: { ...saved.record, headline: 'After the fix' },
    });
    await newsroom.publish(editor, story.id);
    const edited = Date.now();
    let page = await read(story.slug);
    while (page.headline !== 'After the fix' && Date.now() - edited < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      page = await read(story.slug);
    }
    const elapsed = Date.now() - edited;
    expect(page).toMatchObject({ status: 200, headline: 'After the fix' });
    expect(elapsed).toBeLessThan(1000);
    // The new page is held again (once the access index has reloaded too): later readers are served from
    // the cache, and never the old headline.
    let after = await read(story.slug);
    for (let tries = 0; after.cache !== 'hit' && tries < 100; tries += 1) {
      expect(after.headline).toBe('After the fix');
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await read(story.slug);
    }
    expect(after).toMatchObject({ status: 200, cache: 'hit', headline: 'After the fix' });
  });
});
