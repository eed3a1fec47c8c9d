import { expect, test, type APIRequestContext, type Page } from './support/test';
import { becomeLevel } from './support/reader-tokens';
import { accountMenu, registerWithCode, sessionClaims } from './support/identity-journeys';
import { freshEmail } from './support/identity-mail';
import { e2eBase } from './support/site';

// Every link on every page reachable from the front page answers neither 404 nor 500, for an anonymous
// reader, a registered reader and a member. Pages are fetched with the browser context's request client
// (its cookies, no rendering), each address once; only this site's links are followed, and never the
// sign-out link (it would end the session being crawled).

test.describe.configure({ timeout: 600_000 });

const SKIP = [/^\/user\/logout\//, /^\/identity\/self-service\/logout/];
/** Links answered without a page of their own (files, feeds) are checked but not read for links. */
const READ_LINKS_OF = /text\/html/;
/**
 * Families of addresses drawn by one template over many records: the 500 demo people, the organisations,
 * the directories' and the BoF 500's filter and page combinations, the job pages and the jobs board's
 * searches. The crawl follows the first FAMILY_SAMPLE of each (in the order it meets them) and counts the
 * rest as sampled out, so it stays within its time whatever the size of the demo data.
 */
const FAMILIES = [
  /^\/people\/[^/]+\/$/,
  /^\/organisations\/[^/]+\/$/,
  /^\/(people|organisations)\/\?/,
  /^\/bof500\/(search\/)?\?/,
  /^\/events\/[^/]+\/(confirmation|check-in|orders)\//,
  /^\/careers\/[^/?]+\/$/,
  /^\/careers\/\?/,
];
const FAMILY_SAMPLE = 25;

function decode(href: string): string {
  return href.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"');
}

/** The same-origin links of an HTML page, as path and query, without fragments. */
function linksOf(html: string, pageUrl: string): string[] {
  const out: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const raw = decode(match[1]!);
    if (/^(mailto|tel|javascript):/i.test(raw)) continue;
    const url = new URL(raw, pageUrl);
    if (url.origin !== e2eBase) continue;
    if (SKIP.some((pattern) => pattern.test(url.pathname))) continue;
    out.push(`${url.pathname}${url.search}`);
  }
  return out;
}

interface Broken {
  path: string;
  status: number;
  from: string;
}

/** Crawls from `seeds`; returns the links that answered 404 or 5xx, and how many addresses it fetched. */
async function crawl(
  request: APIRequestContext,
  seeds: string[],
): Promise<{ broken: Broken[]; seen: number; sampledOut: number }> {
  const seen = new Map<string, string>(seeds.map((s) => [s, '(start)']));
  const queue = [...seeds];
  const broken: Broken[] = [];
  const family = new Map<number, number>();
  let sampledOut = 0;
  while (queue.length > 0) {
    const path = queue.shift()!;
    const response = await request.get(path, { maxRedirects: 5, failOnStatusCode: false });
    const status = response.status();
    if (status === 404 || status >= 500) broken.push({ path, status, from: seen.get(path)! });
    if (status !== 200 || !READ_LINKS_OF.test(response.headers()['content-type'] ?? '')) continue;
    const finalUrl = response.url();
    if (new URL(finalUrl).origin !== e2eBase) continue;
    for (const link of linksOf(await response.text(), finalUrl)) {
      if (seen.has(link)) continue;
      seen.set(link, path);
      const member = FAMILIES.findIndex((pattern) => pattern.test(link));
      if (member >= 0) {
        const count = family.get(member) ?? 0;
        family.set(member, count + 1);
        if (count >= FAMILY_SAMPLE) {
          sampledOut += 1;
          continue;
        }
      }
      queue.push(link);
    }
  }
  return { broken, seen: seen.size, sampledOut };
}

/** The links of the signed-in reader's account menu (drawn in the browser only). */
async function accountMenuLinks(page: Page): Promise<string[]> {
  await page.goto('/');
  await accountMenu(page).click();
  const hrefs = await page
    .locator('[data-menu-item][href]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href')!));
  return hrefs.filter((href) => href.startsWith('/') && !SKIP.some((p) => p.test(href)));
}

test('anonymous: no link reachable from the front page is a 404 or a 500', async ({ page }) => {
  const { broken, seen } = await crawl(page.request, ['/']);
  expect(seen).toBeGreaterThan(60);
  expect(broken).toEqual([]);
});

test('registered: no link reachable from the front page is a 404 or a 500', async ({ page }) => {
  await registerWithCode(page, freshEmail('crawl-registered'));
  const { broken, seen } = await crawl(page.request, ['/', ...(await accountMenuLinks(page))]);
  expect(seen).toBeGreaterThan(60);
  expect(broken).toEqual([]);
});

test('member: no link reachable from the front page is a 404 or a 500', async ({ page, context }) => {
  await registerWithCode(page, freshEmail('crawl-member'));
  const claims = await sessionClaims(page);
  await becomeLevel(context, claims as Parameters<typeof becomeLevel>[1], 'Premium');
  const { broken, seen } = await crawl(page.request, ['/', ...(await accountMenuLinks(page))]);
  expect(seen).toBeGreaterThan(60);
  expect(broken).toEqual([]);
});
