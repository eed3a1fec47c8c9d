import { expect, request, test, type APIRequestContext } from './support/test';
import { storiesWith } from './support/demo-stories';
import { freshEmail } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { cookieHeaderFor, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';

// The story page cache (apps/web/src/server/access/story-page-cache.ts): readers whose decisions have the
// same shape share one rendering, the meter still counts on a hit, and no reader gets a page decided for
// another. Plain HTTP, like a browser's first request for a story.

const [story, spendFirst, spendSecond] = storiesWith('registered');
const CACHE_HEADER = 'x-bof-story-cache';
// A page stored by an earlier journey more than a minute ago is sent stale while it is rendered again
// (STORY_CACHE_STALE_SECONDS): that answer came from the cache too, and a first read of a shape may be one.
const FROM_CACHE = /^(hit|stale)$/;
const FIRST_OF_SHAPE = /^(miss|stale)$/;

/** The reads in a meter cookie (its payload is readable; only its signature is secret). */
function meterReads(setCookie: string | undefined): number {
  const value = /bof_meter=([^;]+)/.exec(setCookie ?? '')?.[1];
  if (!value) return -1;
  const payload = decodeURIComponent(value).split('.')[0]!;
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { r: unknown[] }).r.length;
}

async function reader(cookie?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: e2eBase,
    extraHTTPHeaders: {
      'accept-encoding': 'br, gzip',
      'accept-language': 'en-GB',
      ...(cookie ? { cookie } : {}),
    },
  });
}

test('a cached story still counts the read, and readers with other decisions never get its page', async () => {
  const [first, second, spent, later] = await Promise.all([reader(), reader(), reader(), reader()]);
  try {
    // A new reader: the story opens (a counted read) and the page is stored.
    const opened = await first.get(story!.path);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toContain(story!.sentinel);
    expect(meterReads(opened.headers()['set-cookie'])).toBe(1);

    // Another new reader: served from the cache, and the meter cookie still carries the read.
    const hit = await second.get(story!.path);
    expect(hit.headers()[CACHE_HEADER]).toMatch(FROM_CACHE);
    expect(hit.headers()['content-encoding']).toBe('br');
    expect(hit.headers()['cache-control']).toContain('no-store');
    expect(await hit.text()).toContain(story!.sentinel);
    expect(meterReads(hit.headers()['set-cookie'])).toBe(1);
    // Once counted, a second visit is an `already-counted` read: the same page, nothing counted again.
    const again = await second.get(story!.path);
    expect(again.headers()[CACHE_HEADER]).toMatch(FROM_CACHE);
    expect(again.headers()['set-cookie']).toBeUndefined();

    // A reader whose free reads are spent gets the registration wall, never the cached full story.
    await spent.get(spendFirst!.path);
    await spent.get(spendSecond!.path);
    for (let i = 0; i < 2; i++) {
      const walled = await spent.get(story!.path);
      expect(walled.status()).toBe(200);
      const html = await walled.text();
      expect(html).toContain('data-wall="registration"');
      expect(html).not.toContain(story!.sentinel);
      expect(walled.headers()[CACHE_HEADER]).toMatch(i === 0 ? FIRST_OF_SHAPE : FROM_CACHE);
    }

    // …and a new reader after the walled page was stored still gets the whole story.
    const open = await later.get(story!.path);
    expect(open.headers()[CACHE_HEADER]).toMatch(FROM_CACHE);
    const html = await open.text();
    expect(html).toContain(story!.sentinel);
    expect(html).not.toContain('data-wall=');
    expect(meterReads(open.headers()['set-cookie'])).toBe(1);

    // React Server Components requests and gift links are never answered from the cache.
    const rsc = await later.get(story!.path, { headers: { rsc: '1' }, maxRedirects: 0 });
    expect(rsc.headers()[CACHE_HEADER]).toBeUndefined();
    const gift = await later.get(`${story!.path}?gift=not-a-gift`);
    expect(gift.headers()[CACHE_HEADER]).toBeUndefined();
  } finally {
    await Promise.all([first, second, spent, later].map((context) => context.dispose()));
  }
});

test("members and signed-in readers without the membership never get each other's page", async ({
  browser,
}) => {
  const [premiumStory] = storiesWith('premium');
  const page = await browser.newPage();
  await registerWithCode(page, freshEmail('cache'));
  const claims = (await sessionClaims(page)) as ReaderClaims;
  const identity = (await page.context().cookies()).find((c) => c.name === 'ory_kratos_session')!;
  await page.close();
  const [member, otherMember, standard, registeredReader] = (await Promise.all(
    ['Premium', 'Premium', 'Standard', 'None'].map(async (level) =>
      reader(await cookieHeaderFor(claims, level, `${identity.name}=${identity.value}`)),
    ),
  )) as [APIRequestContext, APIRequestContext, APIRequestContext, APIRequestContext];
  try {
    // A Premium member's page is stored, and served to another Premium member.
    const opened = await member.get(premiumStory!.path);
    expect(await opened.text()).toContain(premiumStory!.sentinel);
    const shared = await otherMember.get(premiumStory!.path);
    expect(shared.headers()[CACHE_HEADER]).toMatch(FROM_CACHE);
    expect(await shared.text()).toContain(premiumStory!.sentinel);

    // A Standard member and a registered reader are both signed in, and both walled, each in their words.
    for (let i = 0; i < 2; i++) {
      const upgrade = await standard.get(premiumStory!.path);
      const html = await upgrade.text();
      expect(html).not.toContain(premiumStory!.sentinel);
      expect(html).toContain('Upgrade to read this story');
      expect(upgrade.headers()[CACHE_HEADER]).toMatch(i === 0 ? FIRST_OF_SHAPE : FROM_CACHE);

      const join = await registeredReader.get(premiumStory!.path);
      const joinHtml = await join.text();
      expect(joinHtml).not.toContain(premiumStory!.sentinel);
      expect(joinHtml).toContain('This story is for Premium members');
      expect(joinHtml).not.toContain('Upgrade to read this story');
      expect(join.headers()[CACHE_HEADER]).toMatch(i === 0 ? FIRST_OF_SHAPE : FROM_CACHE);
    }

    // The member still gets the whole story after the walled pages were stored.
    const again = await member.get(premiumStory!.path);
    expect(again.headers()[CACHE_HEADER]).toMatch(FROM_CACHE);
    expect(await again.text()).toContain(premiumStory!.sentinel);
  } finally {
    await Promise.all([member, otherMember, standard, registeredReader].map((context) => context.dispose()));
  }
});
