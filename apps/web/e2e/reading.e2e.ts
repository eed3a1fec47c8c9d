import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { smartQuotes } from '@bof/api/typography';
import { expect, test, type Page, type Response } from './support/test';
import { storiesWith } from './support/demo-stories';
import { becomePremiumMember } from './support/membership';

const base = `http://localhost:${process.env.E2E_PORT || 3100}`;
const SITE_NAME = 'The Business of Fashion';
const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';

// Reading journeys over the demo edition seeded at start. Slugs are found from the pages themselves or
// from the edition's files, so the journeys hold for any edition with articles, case studies and the
// BoF Insights series.

async function expectAxeClean(page: Page) {
  // ADR 2: the spec's maximum-scale=1 viewport is the one rule excluded.
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
}

/**
 * The first link on the page matching the pattern; for a story, the first of the demo edition's. Stories other journeys publish
 * (the newsroom's) may lead the front page by then; the reading checks hold for the edition's own.
 */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const edition = new Set(editionStories().map((story) => story.path));
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const isStory = (href: string) => /^\/(articles|case-studies)\//.test(href);
  const found = hrefs.find((href) => pattern.test(href) && (!isStory(href) || edition.has(href)));
  expect(found, `a link matching ${pattern}`).toBeTruthy();
  return found!;
}

interface EditionStory {
  path: string;
  headline: string;
  access: string;
  blocks: Set<string>;
}

/** The demo edition's stories with their headlines and the kinds of block their bodies hold. */
function editionStories(): EditionStory[] {
  const root = path.resolve('content/demo-edition');
  return ['articles', 'case-studies'].flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const story = JSON.parse(readFileSync(path.join(root, folder, file), 'utf8')) as {
          slug: string;
          section: string;
          headline: string;
          access: string;
          body: { type: string }[];
        };
        return {
          path:
            folder === 'articles'
              ? `/articles/${story.section}/${story.slug}/`
              : `/case-studies/${story.slug}/`,
          headline: story.headline,
          access: story.access,
          blocks: new Set(story.body.map((b) => b.type)),
        };
      }),
  );
}

/** The self-describing events the collector accepted, with their data. */
function watchEvents(page: Page): { schema: string; data: Record<string, unknown> }[] {
  const events: { schema: string; data: Record<string, unknown> }[] = [];
  page.on('response', (response: Response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data) {
      if (event.e !== 'ue' || !event.ue_pr) continue;
      const { data } = JSON.parse(event.ue_pr) as {
        data: { schema: string; data: Record<string, unknown> };
      };
      events.push(data);
    }
  });
  return events;
}
const named = (events: { schema: string; data: Record<string, unknown> }[], name: string) =>
  events.filter((e) => e.schema === `iglu:com.bof/${name}/jsonschema/1-0-0`).map((e) => e.data);

test('the front page is a full editorial front', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(SITE_NAME);
  const main = page.getByRole('main');
  // The lead and the secondary leads share the top of the page.
  const top = main.getByRole('region', { name: 'Top stories' });
  await expect(top.getByRole('heading', { level: 3 }).first()).toBeVisible();
  expect(await top.getByRole('article').count()).toBeGreaterThanOrEqual(3);
  expect(
    await main.getByRole('region', { name: 'Latest' }).getByRole('listitem').count(),
  ).toBeGreaterThanOrEqual(5);
  expect(
    await main.getByRole('region', { name: 'Analysis' }).getByRole('article').count(),
  ).toBeGreaterThanOrEqual(1);
  expect(
    await main.getByRole('region', { name: 'Case Studies' }).getByRole('article').count(),
  ).toBeGreaterThanOrEqual(1);
  expect(
    await main.getByRole('region', { name: 'BoF Insights' }).getByRole('article').count(),
  ).toBeGreaterThanOrEqual(1);
  expect(await main.locator('section[aria-labelledby^="topic-"]').count()).toBeGreaterThanOrEqual(1);
  // Every story appears once.
  const hrefs = await main
    .locator('article h2 a, article h3 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(hrefs.length);
  // The front page shares the publication: raster image, large enough for social sites.
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${base}/logo.png`);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
  const logo = await page.request.get('/logo.png');
  expect(logo.headers()['content-type']).toBe('image/png');
  await expectAxeClean(page);
});

test('story pictures are images through the image optimiser; only the lead one loads early', async ({
  page,
}) => {
  await page.goto('/');
  const pictures = page.getByRole('main').locator('img');
  expect(await pictures.count()).toBeGreaterThanOrEqual(5);
  const lead = page.getByRole('region', { name: 'Top stories' }).locator('img').first();
  await expect(lead).toHaveAttribute('fetchpriority', 'high');
  // The edition's illustrations, or a picture a newsroom journey uploaded for a story it published.
  await expect(lead).toHaveAttribute(
    'srcset',
    /\/_next\/image\/\?url=%2F(illustrations%2F[a-z]+%2F.+\.png|media%2F[0-9a-f-]+\.webp)&w=\d+/,
  );
  expect(await page.locator('main img[loading="lazy"]').count()).toBe((await pictures.count()) - 1);
  // The browser picked a file from the srcset and it decoded: a real raster image, served as WebP.
  await expect
    .poll(() => lead.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const chosen = await lead.evaluate((img: HTMLImageElement) => img.currentSrc);
  const file = await page.request.get(chosen, { headers: { accept: 'image/webp,*/*' } });
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/webp');
  // The optimiser takes only the site's illustrations.
  expect((await page.request.get('/_next/image/?url=%2Ficon.svg&w=640&q=75')).status()).toBe(400);
});

test('an article reads in full, with its tags, structured data and share controls', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const href = await firstHref(page, /^\/articles\/[a-z0-9-]+\/[a-z0-9-]+\/$/);
  await page.goto(href);
  await expect(page).toHaveTitle(SITE_NAME);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}${href}`);
  const headline = await page.getByRole('heading', { level: 1 }).innerText();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', headline);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(ogImage).toMatch(new RegExp(`^${base}/illustrations/[a-z]+/.+\\.png$`));
  const image = await page.request.get(ogImage!);
  expect(image.headers()['content-type']).toBe('image/png');
  expect((await image.body()).subarray(1, 4).toString()).toBe('PNG');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'NewsArticle',
    headline,
    url: `${base}${href}`,
    publisher: { logo: { '@type': 'ImageObject', url: `${base}/logo.png` } },
  });
  expect((await page.getByTestId('article-body').first().locator('p').count()) > 2).toBe(true);
  await expect(page.getByRole('term').filter({ hasText: /^By$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /About the author/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Read next' })).toBeVisible();

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}${href}`);

  // The progress bar follows the story (drawn by the browser's scroll-driven animation).
  const bar = page.getByTestId('reading-progress');
  const progress = () =>
    bar.evaluate((element) => new DOMMatrixReadOnly(getComputedStyle(element).transform).a);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(progress).toBe(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(progress).toBeGreaterThan(0.5);
  await expectAxeClean(page);
});

test('an article with a pull quote, an image and a list passes axe, in light and dark', async ({ page }) => {
  const story = editionStories().find(
    (s) => s.access === 'free' && ['pullQuote', 'image', 'list'].every((kind) => s.blocks.has(kind)),
  );
  expect(story, 'a free story with a pull quote, an image and a list').toBeTruthy();
  await page.goto(story!.path);
  const body = page.getByTestId('article-body');
  await expect(body.locator('blockquote')).toBeVisible();
  await expect(body.locator('figure img[alt]:not([alt=""])')).toHaveCount(
    await body.locator('figure img').count(),
  );
  await expect(body.locator('ul, ol').first()).toBeVisible();
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  await expectAxeClean(page);
});

test('the front page and the registration wall pass axe in dark mode', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  await expectAxeClean(page);

  // Two gated stories are free for an anonymous reader; the third shows the registration wall.
  const [first, second, third] = storiesWith('members');
  await page.goto(first!.path);
  await page.goto(second!.path);
  await page.goto(third!.path);
  const wall = page.locator('aside[data-wall="registration"]');
  await expect(wall).toBeVisible();
  // The wall stands where the gated part would be: in its container, which structured data names.
  await expect(page.locator('.story-gated aside[data-wall]')).toHaveCount(1);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    isAccessibleForFree: false,
    hasPart: { isAccessibleForFree: false, cssSelector: '.story-gated' },
  });
  await expectAxeClean(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectAxeClean(page);
});

test('an article fits a 320 px phone and prints without the site chrome, in light colours', async ({
  page,
}) => {
  const story = editionStories().find((s) => s.access === 'free' && s.blocks.has('related'));
  expect(story, 'a free story with a related story in its body').toBeTruthy();
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto(story!.path);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByTestId('share-tools')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(0, 0, 0)');
  // A related story prints, with its full address after its link.
  const related = page.locator('.article-body aside a[data-print-href]').first();
  await expect(related).toBeVisible();
  const address = await related.getAttribute('data-print-href');
  expect(address).toBe(`${base}${await related.getAttribute('href')}`);
  expect(await related.evaluate((a) => getComputedStyle(a, '::after').content)).toContain(address);
});

test('list pages pass axe: a section and its page 2, case studies, a topic, an author, the series', async ({
  page,
  request,
}) => {
  // Eight pages and six axe analyses: on a loaded machine that is more than one journey's minute.
  test.slow();
  expect((await page.goto('/articles/analysis/'))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analysis');
  await expectAxeClean(page);
  expect((await page.goto('/articles/analysis/?page=2'))?.status()).toBe(200);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2 of');
  await expectAxeClean(page);

  await page.goto('/case-studies/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case Studies');
  await expectAxeClean(page);

  await page.goto('/');
  await page.goto(await firstHref(page, /^\/articles\/[a-z0-9-]+\/[a-z0-9-]+\/$/));
  const topic = await firstHref(page, /^\/topics\/[a-z0-9-]+\/$/);
  const author = page.locator('main a[href^="/authors/"]').first();
  const name = await author.innerText();
  const authorHref = await author.getAttribute('href');

  await page.goto(topic);
  await expect(page).toHaveTitle(SITE_NAME);
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThanOrEqual(1);
  const feed = await request.get(`${topic}feed.xml`);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(await feed.text()).toContain('<rss version="2.0"');
  await expectAxeClean(page);

  await page.goto(authorHref!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: new RegExp(`Stories by ${name}`) })).toBeVisible();
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThanOrEqual(1);
  await expectAxeClean(page);

  await page.goto('/series/bof-insights/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BoF Insights');
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThanOrEqual(1);
  await expectAxeClean(page);
});

test('a case study has its glossary and a PDF report made from it, for members', async ({ page }) => {
  test.setTimeout(120_000);
  await becomePremiumMember(page, 'case-study-reader');
  await page.goto('/case-studies/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case Studies');
  const href = await firstHref(page, /^\/case-studies\/[a-z0-9-]+\/$/);
  await page.goto(href);
  await expect(page.getByRole('heading', { name: 'Glossary' })).toBeVisible();
  expect(await page.locator('#glossary ~ dl dt').count()).toBeGreaterThanOrEqual(1);
  const pdfHref = await page.getByRole('link', { name: 'Download the PDF report' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectAxeClean(page);
});

test('a section page paginates and unknown content is a 404', async ({ page }) => {
  expect((await page.goto('/articles/analysis/?page=999'))?.status()).toBe(404);
  expect((await page.goto('/topics/no-such-topic/'))?.status()).toBe(404);
  expect((await page.goto('/articles/news/no-such-story/'))?.status()).toBe(404);
});

test('every demo story in the sitemap answers 200 with its headline', async ({ request }) => {
  test.setTimeout(180_000);
  const stories = new Map(editionStories().map((s) => [`${base}${s.path}`, s.headline]));
  const sitemap = await (await request.get('/sitemaps/stories-1.xml')).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(listed.filter((url) => stories.has(url)).sort()).toEqual([...stories.keys()].sort());
  const unescape = (html: string) =>
    html.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) =>
      entity === '&amp;'
        ? '&'
        : entity === '&lt;'
          ? '<'
          : entity === '&gt;'
            ? '>'
            : entity === '&quot;'
              ? '"'
              : "'",
    );
  for (const [url, headline] of stories) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text());
    // Headlines are shown with typographic quotes and apostrophes (ADR 18).
    expect(unescape(h1?.[1] ?? ''), url).toBe(smartQuotes(headline));
  }
});

test('sitemap and robots agree, and every listed page answers 200', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!.trim());
  expect(disallowed).toContain('/subscriptions/');
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain(`${base}/sitemaps/pages.xml`);
  expect(index).toContain(`${base}/sitemaps/stories-1.xml`);
  const stories = await (await request.get('/sitemaps/stories-1.xml')).text();
  expect(stories).toMatch(new RegExp(`<loc>${base}/articles/[a-z0-9-]+/[a-z0-9-]+/</loc>`));
  expect(stories).toMatch(new RegExp(`<loc>${base}/case-studies/[a-z0-9-]+/</loc>`));
  const pages = [
    ...(await (await request.get('/sitemaps/pages.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g),
  ].map((m) => m[1]!);
  expect(pages).toContain(`${base}/series/bof-insights/`);
  for (const url of pages) {
    const pathname = new URL(url).pathname;
    expect(
      disallowed.some((prefix) => pathname.startsWith(prefix)),
      `${pathname} is disallowed`,
    ).toBe(false);
    expect((await request.get(url)).status(), url).toBe(200);
  }
  // Profiles whose format is SEO are listed for search engines, and their pages let them index.
  expect(index).toContain(`${base}/sitemaps/profiles.xml`);
  const profilePages = [
    ...(await (await request.get('/sitemaps/profiles.xml')).text()).matchAll(/<loc>([^<]+)<\/loc>/g),
  ].map((m) => m[1]!);
  expect(profilePages.length).toBeGreaterThan(0);
  for (const url of profilePages.slice(0, 3)) {
    expect(url).toMatch(new RegExp(`^${base}/(people|organisations)/[a-z0-9-]+/$`));
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(await response.text(), url).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
  }
});

test('sharing, copying and reading to the end reach the collector', async ({ page, context }) => {
  const events = watchEvents(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  // The share targets open other sites, which this machine cannot reach: answer them here.
  await context.route(/^https:\/\/(www\.linkedin\.com|twitter\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Shared</title>' }),
  );
  const story = editionStories().find((s) => s.access === 'free' && s.path.startsWith('/articles/'))!;
  await page.goto(story.path);
  await page.getByRole('button', { name: 'Necessary only' }).click();

  await page.getByRole('button', { name: 'Copy link' }).click();
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /LinkedIn/ }).click();
  await (await popup).close();
  await expect
    .poll(() => named(events, 'share').map((e) => e.sharedPlatform))
    .toEqual(['copy_link', 'linkedin']);

  // Copying text of the body reports how many words were copied.
  await page
    .getByTestId('article-body')
    .locator('p')
    .first()
    .evaluate((p) => {
      const range = document.createRange();
      range.selectNodeContents(p);
      const selection = document.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
    });
  const words = await page
    .getByTestId('article-body')
    .locator('p')
    .first()
    .evaluate((p) => p.textContent!.trim().split(/\s+/).length);
  await page.keyboard.press('Control+C');
  await expect.poll(() => named(events, 'copy')).toEqual([expect.objectContaining({ wordsCopied: words })]);

  // Reading to the end reports each depth once, in order.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => named(events, 'scroll_depth').map((e) => e.percentage)).toEqual([25, 50, 75, 100]);
  // Every event names the story.
  const ids = new Set(
    [...named(events, 'share'), ...named(events, 'copy'), ...named(events, 'scroll_depth')].map(
      (e) => e.articleId,
    ),
  );
  expect(ids.size).toBe(1);
  expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
});
