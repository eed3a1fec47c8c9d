import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

const base = `http://localhost:${process.env.E2E_PORT || 3100}`;

// Spec §1: every page has the site name as title, a viewport with maximum scale 1, and a canonical
// link equal to the site base address + the current path + a trailing slash.
const cases = [
  { visit: '/', canonical: `${base}/`, status: 200 },
  { visit: '/legal/', canonical: `${base}/legal/`, status: 200 },
  { visit: '/contact/media/', canonical: `${base}/contact/media/`, status: 200 },
  {
    visit: '/contact/student/?utm_source=newsletter&ref=x',
    canonical: `${base}/contact/student/`,
    status: 200,
  },
  { visit: '/legal', canonical: `${base}/legal/`, status: 200 },
  { visit: '/no/such/page/', canonical: `${base}/no/such/page/`, status: 404 },
  // Pages that set metadata of their own keep the site name as title and the canonical rule.
  {
    visit: '/articles/news/aurelle-beauty-raises-120-million-to-take-barrier-repair-skincare-global/',
    canonical: `${base}/articles/news/aurelle-beauty-raises-120-million-to-take-barrier-repair-skincare-global/`,
    status: 200,
  },
  { visit: '/articles/analysis/?page=2', canonical: `${base}/articles/analysis/`, status: 200 },
  { visit: '/topics/beauty/?utm_source=x', canonical: `${base}/topics/beauty/`, status: 200 },
  { visit: '/case-studies/', canonical: `${base}/case-studies/`, status: 200 },
  { visit: '/user/account/', canonical: `${base}/user/account/`, status: 200 },
  { visit: '/user/login/?return_to=%2F', canonical: `${base}/user/login/`, status: 200 },
  {
    visit: '/subscriptions/packages/?packages=beauty',
    canonical: `${base}/subscriptions/packages/`,
    status: 200,
  },
];

for (const { visit, canonical, status } of cases) {
  test(`head tags on ${visit}`, async ({ page }) => {
    const response = await page.goto(visit);
    expect(response?.status()).toBe(status);
    await expect(page).toHaveTitle('The Business of Fashion');
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      'content',
      'width=device-width, initial-scale=1, maximum-scale=1',
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  });
}

test('the 404 page explains itself and leads home', async ({ page }) => {
  await page.goto('/no/such/page/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  await page.getByRole('link', { name: 'Go to the front page' }).click();
  await expect(page).toHaveURL(`${base}/`);
});

test('header and footer carry navigation, subscribe, sign in, legal and contact links', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  for (const name of ['News', 'Analysis', 'Opinion', 'Beauty', 'Case Studies']) {
    await expect(
      header.getByRole('navigation', { name: 'Sections' }).last().getByRole('link', { name, exact: true }),
    ).toBeVisible();
  }
  await expect(header.getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
    'href',
    '/subscriptions/packages/',
  );
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/legal/#privacy',
  );
  await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
    'href',
    '/legal/#terms',
  );
  await footer.getByRole('link', { name: 'Media and press' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Media and press');
});

test('on a phone nothing moves while a story loads and the sign-in state arrives', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/articles/analysis/sport-is-luxurys-new-front-row/');
  // The header's placeholder has given way to the signed-out reader's links: the state has arrived.
  await expect(page.locator('header [data-auth-placeholder]')).toHaveCount(0);
  await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
  const shifts = await page.evaluate(
    () =>
      new Promise<{ value: number; nodes: string[] }[]>((resolve) => {
        const seen: { value: number; nodes: string[] }[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources?: { node?: Node | null }[];
          })[])
            seen.push({
              value: entry.value,
              nodes: (entry.sources ?? []).map(
                (s) => (s.node as Element | null)?.outerHTML.slice(0, 80) ?? '',
              ),
            });
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(seen), 500);
      }),
  );
  expect(shifts).toEqual([]);
  await context.close();
});

test('the legal page has privacy and terms sections', async ({ page }) => {
  await page.goto('/legal/#terms');
  await expect(page.locator('#privacy h2')).toHaveText('Privacy policy');
  await expect(page.locator('#terms h2')).toHaveText('Terms and conditions');
});

test('on a 320 px phone the menu opens from the keyboard and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/');
  // The consent banner takes focus when it opens; answer it first, as a reader would.
  await page.locator('#cc-main .cm').getByRole('button', { name: 'Necessary only' }).click();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Case Studies' }).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const path of ['/', '/legal/', '/contact/professional/', '/no/such/page/']) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    // meta-viewport is excluded on purpose: spec §1 fixes maximum-scale=1 (docs/adr/0002-viewport-maximum-scale.md).
    const results = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('the health endpoint reports the deployment id', async ({ request }) => {
  const response = await request.get('/api/health/');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', deploymentId: '8.57.0', database: 'ok' });
});

test('GraphQL answers siteInfo', async ({ request }) => {
  const response = await request.post('/api/graphql/', {
    data: { query: '{ siteInfo { name url deploymentId appName } }' },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    data: {
      siteInfo: { name: 'The Business of Fashion', url: base, deploymentId: '8.57.0', appName: 'frontend' },
    },
  });
});
