import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { becomePremiumMember } from './support/membership';

const base = `http://localhost:${process.env.E2E_PORT || 3100}`;
const SITE_NAME = 'The Business of Fashion';

// Reading journeys over the demo edition seeded at start. Slugs are found from the pages themselves,
// so the journeys hold for any edition that has articles, case studies and the BoF Insights series.

async function expectAxeClean(page: Page) {
  // ADR 2: the spec's maximum-scale=1 viewport is the one rule excluded.
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
}

async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  const found = hrefs.find((href) => pattern.test(href));
  expect(found, `a link matching ${pattern}`).toBeTruthy();
  return found!;
}

test('the front page is a full editorial front', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(SITE_NAME);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('region', { name: 'Top story' }).getByRole('heading', { level: 3 }),
  ).toBeVisible();
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
  await expectAxeClean(page);
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
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline, url: `${base}${href}` });
  expect((await page.getByTestId('article-body').locator('p').count()) > 2).toBe(true);
  await expect(page.getByRole('heading', { name: /About the author/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Read next' })).toBeVisible();

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${base}${href}`);

  const progress = page.getByTestId('reading-progress');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(progress).toHaveAttribute('data-progress', '0');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(async () => Number(await progress.getAttribute('data-progress'))).toBeGreaterThan(50);
  await expectAxeClean(page);
});

test('an article fits a 320 px phone and prints without the site chrome', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  await page.goto(await firstHref(page, /^\/articles\/[a-z0-9-]+\/[a-z0-9-]+\/$/));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByTestId('share-tools')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a topic page lists its stories and has an RSS feed', async ({ page, request }) => {
  await page.goto('/');
  const article = await firstHref(page, /^\/articles\/[a-z0-9-]+\/[a-z0-9-]+\/$/);
  await page.goto(article);
  const topic = await firstHref(page, /^\/topics\/[a-z0-9-]+\/$/);
  await page.goto(topic);
  await expect(page).toHaveTitle(SITE_NAME);
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThanOrEqual(1);
  const feed = await request.get(`${topic}feed.xml`);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(await feed.text()).toContain('<rss version="2.0"');
  await expectAxeClean(page);
});

test('an author page introduces the author and lists their stories', async ({ page }) => {
  await page.goto('/');
  await page.goto(await firstHref(page, /^\/articles\/[a-z0-9-]+\/[a-z0-9-]+\/$/));
  const author = page.locator('main a[href^="/authors/"]').first();
  const name = await author.innerText();
  await author.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: new RegExp(`Stories by ${name}`) })).toBeVisible();
  expect(await page.getByRole('main').getByRole('article').count()).toBeGreaterThanOrEqual(1);
  await expectAxeClean(page);
});

test('the BoF Insights series page lists its briefings', async ({ page }) => {
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
  const response = await page.goto('/articles/analysis/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analysis');
  expect((await page.goto('/articles/analysis/?page=999'))?.status()).toBe(404);
  expect((await page.goto('/topics/no-such-topic/'))?.status()).toBe(404);
  expect((await page.goto('/articles/news/no-such-story/'))?.status()).toBe(404);
});

test('sitemap and robots list the content', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`);
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain(`${base}/sitemaps/stories-1.xml`);
  const stories = await (await request.get('/sitemaps/stories-1.xml')).text();
  expect(stories).toMatch(new RegExp(`<loc>${base}/articles/[a-z0-9-]+/[a-z0-9-]+/</loc>`));
  expect(stories).toMatch(new RegExp(`<loc>${base}/case-studies/[a-z0-9-]+/</loc>`));
});
