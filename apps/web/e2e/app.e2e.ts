import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromiumLaunchOptions } from '../../../tooling/playwright/chromium';
import { chromium, expect, test, type Page } from './support/test';
import { storiesWith } from './support/demo-stories';
import { registerWithCode, sessionClaims, signOut } from './support/identity-journeys';
import { freshEmail } from './support/identity-mail';
import { becomeLevel, type ReaderClaims } from './support/reader-tokens';

// The installable app (issue 27): the manifest and its icons, Chromium's own installability check, the
// service worker, saving a story and reading it offline, the offline page, the account's list, the purge
// on sign-out, and the app screen. Only this journey runs with the service worker (playwright.config.ts
// blocks it for the others, whose `page.route` it would bypass).
test.use({ serviceWorkers: 'allow' });

const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';
const premium = storiesWith('premium');

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** The index of saved stories, read in the page from the Cache API. */
const savedIndex = (page: Page) =>
  page.evaluate(async () => {
    // caches.match with a name never creates the cache, so the purge's result is what is read.
    const index = await caches.match('/__offline__/saved-stories.json', {
      cacheName: 'bof-saved-stories-v1',
    });
    return index ? ((await index.json()) as { slug: string }[]).map((story) => story.slug) : [];
  });

async function axe(page: Page) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(size);
    const result = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
    expect(result.violations, `axe at ${size.width}×${size.height} on ${page.url()}`).toEqual([]);
  }
}

test('the app installs: manifest, icons, Chromium finds no installability error, the worker controls', async ({
  page,
  request,
}) => {
  const answer = await request.get('/manifest.webmanifest');
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    display: 'standalone',
    start_url: '/?app=1',
    scope: '/',
    theme_color: '#a3122a',
  });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toContain('no-cache');

  await page.goto('/');
  await controlled(page);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /apple-touch-icon\.png/);

  // Chromium's own installability check (what Lighthouse used) refuses any incognito profile, as every
  // Playwright context is: it runs in a browser with a profile folder of its own.
  const profile = mkdtempSync(path.join(tmpdir(), 'bof-app-'));
  const installed = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunchOptions(),
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const tab = installed.pages()[0] ?? (await installed.newPage());
    await tab.goto('/');
    await controlled(tab);
    const cdp = await installed.newCDPSession(tab);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await installed.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a member saves a story, reads it offline, meets the offline page, manages the list, and signing out purges it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [first, second] = [premium[0]!, premium[1]!];
  await registerWithCode(page, freshEmail('app'));
  const claims = (await sessionClaims(page)) as ReaderClaims;
  await becomeLevel(page.context(), claims, 'Premium');
  // A member is not shown the app screen: the app goes straight to the front page.
  await page.goto('/app/');
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  await page.goto(first.path);
  await controlled(page);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByText('Saved: this story reads without a connection')).toBeVisible();
  await page.goto(second.path);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByText('Saved: this story reads without a connection')).toBeVisible();
  expect((await savedIndex(page)).sort()).toEqual([first.slug, second.slug].sort());

  // Offline: the saved story reads in full; a page never stored shows the offline page.
  await page.context().setOffline(true);
  await page.goto(first.path);
  await expect(page.getByText(first.sentinel)).toBeVisible();
  await page.goto('/careers/');
  await expect(page).toHaveURL(/\/offline\/\?from=%2Fcareers%2F/);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.locator('[data-offline-saved] a')).toHaveCount(2);
  await axe(page);
  await page.context().setOffline(false);

  // The account page lists them with their sizes; Remove all empties the list.
  await page.goto('/user/account/');
  const section = page.locator('[data-saved-offline]');
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section).toContainText(/\d+ KB|\d+\.\d MB/);
  await axe(page);
  await section.getByRole('button', { name: 'Remove all' }).click();
  await expect(section).toContainText('No stories saved');
  expect(await savedIndex(page)).toEqual([]);

  // Saved again, then the membership lapses: the next start asks the server and drops the story.
  await page.goto(first.path);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByText('Saved: this story reads without a connection')).toBeVisible();
  expect(await savedIndex(page)).toEqual([first.slug]);
  await becomeLevel(page.context(), claims, 'None');
  await page.goto('/user/account/');
  await expect.poll(() => savedIndex(page)).toEqual([]);
  await expect(section).toContainText('No stories saved');

  // A member again, saved again, then signed out: nothing stays.
  await becomeLevel(page.context(), claims, 'Premium');
  await page.goto(first.path);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await expect(page.getByText('Saved: this story reads without a connection')).toBeVisible();
  expect(await savedIndex(page)).toEqual([first.slug]);
  // Signed out from the front page (a story would show its wall's own sign-in link once signed out).
  await page.goto('/');
  await signOut(page);
  expect(await page.evaluate(() => caches.keys())).not.toContain('bof-saved-stories-v1');
  expect(await savedIndex(page)).toEqual([]);
});

test('a story behind a wall offers no saving', async ({ page }) => {
  await page.goto(premium[2]!.path);
  await controlled(page);
  await expect(page.locator('[data-wall]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save for offline' })).toHaveCount(0);
});

test('a signed-out reader starting the app meets the app screen, reported as app_screen_viewed', async ({
  browser,
}) => {
  // Without the worker here, so every collector request is seen as the browser sends it.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const events: { schema: string; data: Record<string, unknown> }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data)
      if (event.e === 'ue' && event.ue_pr)
        events.push(
          (JSON.parse(event.ue_pr) as { data: { schema: string; data: Record<string, unknown> } }).data,
        );
  });
  await page.goto('/?app=1');
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to The Business of Fashion' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Become a member' })).toBeVisible();
  await expect
    .poll(() => events.find((event) => event.schema.includes('/app_screen_viewed/')))
    .toMatchObject({ data: { app: 'app', actionPromoted: 'sign-in' } });
  await axe(page);

  // Continuing goes to the front page, and the screen does not come back in this tab.
  await page.getByRole('link', { name: 'Continue to the front page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await context.close();
});

// Chromium now and then leaves the waiting worker waiting after SKIP_WAITING for longer than this test's
// minute (seen in about one run in five on a loaded machine, never in a whole suite's run so far); the
// reload itself is not reached then. Until the cause is found, this one test may run again.
test.describe('the update flow', () => {
  test.describe.configure({ retries: 2 });
  test('a new version of the site is offered to the open app, and Reload brings it in', async ({ page }) => {
    await page.goto('/');
    await controlled(page);
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    // A deployment, as the browser sees it: /sw.js answers with other bytes.
    const file = path.resolve('apps/web/public/sw.js');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\n// another version ${Date.now()}\n`);
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const banner = page.locator('[data-app-update]');
      await expect(banner).toContainText('A new version is available');
      await Promise.all([
        page.waitForEvent('framenavigated', { timeout: 20_000 }),
        banner.getByRole('button', { name: 'Reload' }).click(),
      ]);
      await page.waitForLoadState('load');
      expect(
        await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false),
      ).toBe(false);
      await controlled(page);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBeNull();
      await expect(banner).toHaveCount(0);
    } finally {
      writeFileSync(file, original);
    }
  });
});
