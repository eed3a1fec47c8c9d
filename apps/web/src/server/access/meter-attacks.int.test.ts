import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_HEADER, decodeGateResult, opensStory } from '@bof/api/access';
import { readSetCookie } from '@bof/http/cookies';
import { startProduct, type StartedProduct } from '../testing/start-product';
import { handleStoryRequest } from './story-entry';

// The anonymous meter attacked over HTTP, through the server entry's story handling and the real access
// gate over the demo edition: a client that keeps no cookie (as `curl` without a cookie jar), one that
// replays the meter cookie of its first read, one that starts a fresh browser id for every story, and
// crawlers by user agent and by address. The page is a stand-in that answers the decision it was handed.

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CRAWLER_RANGE = '192.0.2.0/24';

let product: StartedProduct;
let server: Server;
let base: string;

/** Every metered story of the demo edition (`registered` and `members`), by its address. */
const meteredStories = (() => {
  const root = fileURLToPath(new URL('../../../../../content/demo-edition', import.meta.url));
  const stories: string[] = [];
  for (const folder of ['articles', 'case-studies'])
    for (const file of readdirSync(path.join(root, folder))) {
      const story = JSON.parse(readFileSync(path.join(root, folder, file), 'utf8')) as {
        slug: string;
        section?: string;
        access: string;
      };
      if (story.access !== 'registered' && story.access !== 'members') continue;
      stories.push(
        folder === 'articles' ? `/articles/${story.section}/${story.slug}/` : `/case-studies/${story.slug}/`,
      );
    }
  return stories.sort();
})();

beforeAll(async () => {
  product = await startProduct({
    env: { METER_CRAWLER_IP_RANGES: CRAWLER_RANGE, IDENTITY_TRUSTED_PROXIES: '1' },
  });
  const { gate } = product.services.access;
  server = createServer((req, res) => {
    const handled = handleStoryRequest(req, res, {
      gate,
      handle: (request, response) => {
        const decided = decodeGateResult((request.headers[ACCESS_HEADER] as string | undefined) ?? null);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            url: request.url,
            opens: decided ? opensStory(decided) : false,
            decision: decided?.decision ?? null,
          }),
        );
      },
    });
    if (!handled) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await product?.close();
});

interface Page {
  status: number;
  opens: boolean;
  reason: string | null;
  url: string | null;
  meterCookie: string | null;
}

/** One request; redirects are not followed. */
async function get(
  address: string,
  headers: Record<string, string> = {},
): Promise<Page & { location: string | null }> {
  const response = await fetch(`${base}${address}`, {
    redirect: 'manual',
    headers: { 'user-agent': BROWSER, ...headers },
  });
  const meter = response.headers
    .getSetCookie()
    .map((cookie) => readSetCookie(cookie))
    .find((cookie) => cookie.name === 'bof_meter');
  const body =
    response.status === 200
      ? ((await response.json()) as { opens: boolean; url: string; decision: { reason?: string } | null })
      : null;
  return {
    status: response.status,
    location: response.headers.get('location'),
    opens: body?.opens ?? false,
    reason: body?.decision?.reason ?? null,
    url: body?.url ?? null,
    meterCookie: meter ? `bof_meter=${meter.value}` : null,
  };
}

/** Follows redirects as a client that keeps no cookie does (`curl -L` without a cookie jar). */
async function readWithoutCookies(address: string, headers: Record<string, string> = {}): Promise<Page> {
  let page = await get(address, headers);
  for (let hops = 0; page.location && hops < 5; hops += 1) page = await get(page.location, headers);
  return page;
}

/** Follows redirects keeping the meter cookie, as a browser does; `cookie` is the jar's meter cookie. */
async function readAsBrowser(
  address: string,
  cookie: string | null,
): Promise<Page & { cookie: string | null }> {
  let jar = cookie;
  let page = await get(address, jar ? { cookie: jar } : {});
  for (let hops = 0; ; hops += 1) {
    jar = page.meterCookie ?? jar;
    if (!page.location) return { ...page, cookie: jar };
    if (hops >= 5) throw new Error('redirected too often');
    page = await get(page.location, jar ? { cookie: jar } : {});
  }
}

describe('the anonymous meter over HTTP', () => {
  it('has metered stories to attack', () => {
    expect(meteredStories.length).toBeGreaterThanOrEqual(10);
  });

  it('sends a request without the meter cookie round once with it, and walls it when the cookie does not come back', async () => {
    const [story] = meteredStories as [string];
    const first = await get(story);
    expect(first.status).toBe(303);
    expect(first.meterCookie).not.toBeNull();
    expect(first.location).toMatch(new RegExp(`^${story}\\?meter_check=\\d+\\.[\\w-]+$`));

    const back = await get(first.location!);
    expect(back).toMatchObject({ status: 200, opens: false, reason: 'meter-cookie-refused' });
    // The page is rendered for the address the reader asked for, without the check.
    expect(back.url).toBe(story);
  });

  it('walls a client that keeps no cookie on every metered story (before: all of them opened)', async () => {
    const opened: string[] = [];
    for (const story of meteredStories) {
      const page = await readWithoutCookies(story);
      expect(page.status).toBe(200);
      expect(page.reason).toBe('meter-cookie-refused');
      if (page.opens) opened.push(story);
    }
    expect(opened).toEqual([]);
  });

  it('walls a client that asks a story with a check address again later, or with a forged one, after a new check', async () => {
    const [story] = meteredStories as [string];
    const forged = await get(`${story}?meter_check=9999999999.AAAAAAAAAAAAAAAAAAAAAA`);
    expect(forged.status).toBe(303);
    expect(forged.location).not.toContain('9999999999');
  });

  it('gives a browser that keeps the cookie its two free reads, then the registration wall', async () => {
    const [one, two, three] = meteredStories as [string, string, string];
    const first = await readAsBrowser(one, null);
    expect(first).toMatchObject({ status: 200, opens: true, url: one });
    const second = await readAsBrowser(two, first.cookie);
    expect(second).toMatchObject({ status: 200, opens: true });
    // A story already counted opens again; a third does not.
    expect(await readAsBrowser(one, second.cookie)).toMatchObject({ opens: true, reason: 'already-counted' });
    expect(await readAsBrowser(three, second.cookie)).toMatchObject({
      opens: false,
      reason: 'anonymous-meter-exhausted',
    });
  });

  it('counts a replayed meter cookie against the same browser id (before: 22 of 22 more opened)', async () => {
    const [first, ...rest] = meteredStories as [string, ...string[]];
    const afterOne = await readAsBrowser(first, null);
    expect(afterOne.opens).toBe(true);
    const replayed = afterOne.cookie!;
    const opened: string[] = [];
    for (const story of rest) {
      const page = await get(story, { cookie: replayed });
      expect(page.status).toBe(200);
      if (page.opens) opened.push(story);
    }
    // The one free read the cookie had left, and no more.
    expect(opened).toHaveLength(1);
  });

  it('counts replays sent at once against the same browser id', async () => {
    const [first, ...rest] = meteredStories as [string, ...string[]];
    const replayed = (await readAsBrowser(first, null)).cookie!;
    const pages = await Promise.all(rest.slice(0, 8).map((story) => get(story, { cookie: replayed })));
    expect(pages.filter((page) => page.opens)).toHaveLength(1);
  });

  it('walls a client that starts a fresh browser id for every story and never sends it back', async () => {
    for (const story of meteredStories.slice(0, 5)) {
      const first = await get(story);
      expect(first.status).toBe(303);
      const again = await get(first.location!);
      expect(again).toMatchObject({ opens: false, reason: 'meter-cookie-refused' });
    }
  });

  it('never lets a crawler past the meter by its user agent alone', async () => {
    const [story] = meteredStories as [string];
    const page = await readWithoutCookies(story, { 'user-agent': GOOGLEBOT });
    expect(page).toMatchObject({ status: 200, opens: false, reason: 'meter-cookie-refused' });
  });

  it('lets a crawler at a configured address read metered stories without the meter', async () => {
    const opened: string[] = [];
    for (const story of meteredStories) {
      const page = await readWithoutCookies(story, {
        'user-agent': GOOGLEBOT,
        'x-forwarded-for': '192.0.2.10',
      });
      expect(page).toMatchObject({ status: 200, reason: 'verified-crawler' });
      if (page.opens) opened.push(story);
    }
    expect(opened).toEqual(meteredStories);
    // An address outside the range is not a crawler, whatever it says it is.
    const outside = await readWithoutCookies(meteredStories[0]!, {
      'user-agent': GOOGLEBOT,
      'x-forwarded-for': '198.51.100.10',
    });
    expect(outside.opens).toBe(false);
  });
});
