import { expect, test, type Page } from './support/test';

// The front page and the navigation as a publisher's: the sections in the header and the footer, a
// phone menu that works by keyboard, a front that leaves no hole at any width, serif headings and
// typographic quotes in stories, one date format, and no link to a page that is not built.

const SECTIONS = [
  'News',
  'Analysis',
  'Opinion',
  'Workplace & Talent',
  'Technology',
  'Beauty',
  'Luxury',
  'Sustainability',
  'Retail',
  'Case Studies',
  'Careers',
  'BoF 500',
  'Events',
];
/** Areas of the product that are not built yet: no page links to them. */
const NOT_BUILT: string[] = [];

async function answerConsent(page: Page) {
  await page.locator('#cc-main .cm').getByRole('button', { name: 'Necessary only' }).click();
}

async function linkPaths(page: Page): Promise<string[]> {
  return page
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

test('the header carries the sections on a wide screen, each leading to its page', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await answerConsent(page);
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link')).toHaveText(SECTIONS);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await nav.getByRole('link', { name: 'Workplace & Talent' }).click();
  await expect(page).toHaveURL(/\/topics\/workplace-talent\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Workplace & Talent');
  await page.getByRole('banner').getByRole('link', { name: 'Opinion' }).click();
  await page.waitForURL(/\/articles\/opinion\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Opinion');
});

test('no page links to a part of the product that is not built, and search stays hidden', async ({
  page,
}) => {
  for (const path of ['/', '/subscriptions/packages/', '/articles/news/', '/legal/']) {
    await page.goto(path);
    const paths = await linkPaths(page);
    for (const missing of NOT_BUILT) expect(paths, `${path} links ${missing}`).not.toContain(missing);
  }
  await expect(page.getByRole('link', { name: 'Search' })).toHaveCount(0);
});

test('on a phone the menu opens by keyboard, focuses its first section, closes on Escape', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await answerConsent(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const panel = page.locator(`#${await menu.getAttribute('aria-controls')}`);
  await expect(panel).toBeHidden();

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText(SECTIONS);
  await expect(panel.getByRole('link', { name: 'News', exact: true })).toBeFocused();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  await expect(menu).toBeFocused();

  // Tab past the last section closes it; so does a click outside.
  await page.keyboard.press('Space');
  await expect(panel).toBeVisible();
  for (let i = 0; i < SECTIONS.length; i += 1) await page.keyboard.press('Tab');
  await expect(panel).toBeHidden();
  await menu.click();
  await expect(panel).toBeVisible();
  await page.locator('main').dispatchEvent('pointerdown');
  await expect(panel).toBeHidden();

  // Following a section goes there, with the menu closed.
  await menu.click();
  await panel.getByRole('link', { name: 'Beauty' }).click();
  await expect(page).toHaveURL(/\/topics\/beauty\/$/);
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
});

test('the footer carries the sections, membership, help and legal, and only pages that exist', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'All sections' }).getByRole('link')).toHaveText(
    SECTIONS,
  );
  for (const [nav, link, href] of [
    ['Membership', 'Membership', '/subscriptions/packages/'],
    ['Membership', 'Executive membership', '/subscriptions/executive/'],
    ['Membership', 'Teams and companies', '/subscriptions/groups/'],
    ['Membership', 'BoF Professional', '/professional/'],
    ['Help', 'Membership FAQ', '/subscriptions/faq/'],
    ['Help', 'Media and press', '/contact/media/'],
    ['Legal', 'Terms and conditions', '/legal/#terms'],
  ] as const) {
    await expect(
      footer.getByRole('navigation', { name: nav }).getByRole('link', { name: link, exact: true }),
    ).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('button', { name: 'Cookie preferences' })).toBeVisible();
  // Newsletters, careers, events, the BoF 500 and the profile directories are built.
  const services = footer.getByRole('navigation', { name: 'Services' });
  await expect(services.getByRole('link', { name: 'Newsletters', exact: true })).toHaveAttribute(
    'href',
    '/user/newsletters/',
  );
  await expect(services.getByRole('link')).toHaveText([
    'Newsletters',
    'Careers',
    'Events',
    'The BoF 500',
    'People',
    'Organisations',
  ]);
});

for (const width of [390, 768, 1366, 1920]) {
  test(`the front page fills its grid at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of ['Top stories', 'Latest', 'Opinion', 'Analysis', 'Case Studies', 'BoF Insights']) {
      await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
    }
    // The lead column (top story and secondary leads) and the column beside it end near each other:
    // no hole under the lead story. One column on phones and tablets, where there is nothing beside it.
    const lead = (await page.getByRole('region', { name: 'Top stories' }).boundingBox())!;
    const latest = (await page.getByRole('region', { name: 'Latest' }).boundingBox())!;
    if (width >= 1024) {
      expect(latest.x).toBeGreaterThan(lead.x + lead.width - 1);
      const rail = (await page.getByRole('region', { name: 'Latest' }).locator('xpath=..').boundingBox())!;
      const hole = Math.abs(lead.y + lead.height - (rail.y + rail.height));
      expect(hole, `lead ends at ${lead.y + lead.height}, the rail at ${rail.y + rail.height}`).toBeLessThan(
        0.2 * lead.height,
      );
    } else {
      expect(latest.y).toBeGreaterThanOrEqual(lead.y + lead.height);
    }
    // Two secondary leads under the top story, each with its picture.
    await expect(page.getByRole('region', { name: 'Top stories' }).locator('article img')).toHaveCount(3);
  });
}

test('an article sets every heading in the serif of its headline, with typographic quotes', async ({
  page,
}) => {
  await page.goto(
    '/articles/news/vallorie-group-to-buy-milanese-leather-house-brunaccia-in-6-1-billion-deal/',
  );
  const story = page.locator('#story');
  const families = await story
    .locator('h1, h2, h3, h4')
    .evaluateAll((headings) => headings.map((h) => getComputedStyle(h).fontFamily));
  expect(families.length).toBeGreaterThan(2);
  const headline = families[0]!;
  expect(headline).toMatch(/serif/i);
  for (const family of families) expect(family).toBe(headline);
  const text = await story.innerText();
  expect(text).toMatch(/\u2019/);
  expect(text).not.toMatch(/['"]/);
});

test('story headlines and standfirsts read with curly quotes in lists and on the story', async ({ page }) => {
  await page.goto('/articles/news/seouls-orun-skin-signs-nationwide-deal-with-us-pharmacy-chain-pellman/');
  const h1 = await page.getByRole('heading', { level: 1 }).innerText();
  expect(h1).toMatch(/\u2019/);
  expect(h1).not.toMatch(/'/);
  await page.goto('/articles/analysis/');
  await expect(page.getByRole('link', { name: 'Sport Is Luxury\u2019s New Front Row' })).toBeVisible();
});

test('the pages a reader meets first use typographic quotes in their own words too', async ({ page }) => {
  for (const path of [
    '/',
    '/articles/opinion/',
    '/topics/beauty/',
    '/case-studies/',
    '/subscriptions/packages/',
    '/subscriptions/faq/',
    '/subscriptions/executive/',
    '/user/login/',
    '/user/register/',
    '/user/account/',
    '/legal/',
    '/contact/media/',
    '/no/such/page/',
  ]) {
    await page.goto(path);
    const text = await page.locator('body').innerText();
    const straight = text.split('\n').filter((line) => /['"]/.test(line));
    expect(straight, path).toEqual([]);
  }
});

test('every date on story pages and lists is written one way', async ({ page }) => {
  await page.goto(
    '/articles/news/vallorie-group-to-buy-milanese-leather-house-brunaccia-in-6-1-billion-deal/',
  );
  const dates = await page.locator('time').allInnerTexts();
  expect(dates.length).toBeGreaterThan(0);
  for (const date of dates)
    expect(date).toMatch(
      /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
  await page.goto('/');
  for (const date of await page.locator('time').allInnerTexts())
    expect(date).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
});
