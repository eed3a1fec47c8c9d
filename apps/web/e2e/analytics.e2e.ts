import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';

const base = `http://localhost:${process.env.E2E_PORT || 3100}`;
const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';

/** Answers the ad pixel and tag manager scripts locally, and lists every request made for them. */
async function watchVendors(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(/\/e2e-vendors\/(ad-pixel\.js|gtm\.js)/, async (route) => {
    requests.push(route.request());
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: 'window.__vendorLoaded = true;',
    });
  });
  return requests;
}

/** The page views the collector acknowledged, by page address. */
function watchPageViews(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST)) return;
    const body = (await response.json()) as { rejected: number };
    expect(response.status()).toBe(200);
    expect(body.rejected).toBe(0);
    const events = (request.postDataJSON() as { data: { e: string; url: string }[] }).data;
    for (const event of events) if (event.e === 'pv') urls.push(event.url);
  });
  return urls;
}

/** The schemas of the self-describing events the collector acknowledged. */
function watchSelfDescribing(page: Page): string[] {
  const schemas: string[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data) {
      if (event.e === 'ue' && event.ue_pr)
        schemas.push((JSON.parse(event.ue_pr) as { data: { schema: string } }).data.schema);
    }
  });
  return schemas;
}

const banner = (page: Page) => page.locator('#cc-main .cm');

test('no ad pixel or tag manager request before consent; both load once it is given', async ({ page }) => {
  const vendors = await watchVendors(page);
  const events = watchSelfDescribing(page);
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('heading', { name: 'Your privacy' })).toBeVisible();
  await expect.poll(() => events).toContain('iglu:com.bof/consent_shown/jsonschema/1-0-0');
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);

  // A route change before consent sends nothing to them either.
  await page.goto('/legal/');
  await expect(banner(page)).toBeVisible();
  expect(vendors).toHaveLength(0);
  expect(await page.evaluate(() => typeof window.fbq)).toBe('undefined');

  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => events).toContain('iglu:com.bof/consent_changed/jsonschema/1-0-0');
  await expect
    .poll(() => vendors.map((r) => new URL(r.url()).pathname).sort())
    .toEqual(['/e2e-vendors/ad-pixel.js', '/e2e-vendors/gtm.js']);
  expect(new URL(vendors.find((r) => r.url().includes('gtm.js'))!.url()).searchParams.get('id')).toBe(
    'GTM-E2ETEST',
  );

  const cookie = (await page.context().cookies()).find((c) => c.name === 'bof_cc');
  expect(JSON.parse(decodeURIComponent(cookie!.value)).categories).toEqual([
    'necessary',
    'nonessential',
    'embeds',
  ]);
  const consentMode = await page.evaluate(() =>
    (window.dataLayer as ArrayLike<unknown>[])
      .filter((entry) => entry[0] === 'consent')
      .map((entry) => [entry[1], entry[2]]),
  );
  expect(consentMode.at(-1)).toEqual([
    'update',
    expect.objectContaining({
      ad_storage: 'granted',
      analytics_storage: 'granted',
      security_storage: 'granted',
    }),
  ]);

  // The stored consent loads them on the next visit without asking again.
  vendors.length = 0;
  await page.goto('/');
  await expect.poll(() => vendors.length).toBe(2);
  await expect(banner(page)).toBeHidden();
});

test('declining non-essential cookies keeps the pixel and tag manager away', async ({ page }) => {
  const vendors = await watchVendors(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Choose' }).click();
  const preferences = page.locator('#cc-main .pm');
  await expect(preferences.getByRole('heading', { name: 'Cookie preferences' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
  await preferences.getByRole('button', { name: 'Necessary only' }).click();
  await expect(preferences).toBeHidden();
  await page.goto('/legal/');
  await page.goto('/');
  expect(vendors).toHaveLength(0);
});

test('a page view per completed route change reaches the embedded collector', async ({ page }) => {
  const pageViews = watchPageViews(page);
  await page.goto('/');
  await expect.poll(() => pageViews).toEqual([`${base}/`]);
  await banner(page).getByRole('button', { name: 'Necessary only' }).click();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Media and press' }).click();
  await expect(page).toHaveURL(`${base}/contact/media/`);
  await expect.poll(() => pageViews).toEqual([`${base}/`, `${base}/contact/media/`]);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(`${base}/legal/#terms`);
  await expect.poll(() => pageViews).toEqual([`${base}/`, `${base}/contact/media/`, `${base}/legal/#terms`]);
});

test('in-app messaging never starts under /user/ or /subscriptions/, and does elsewhere', async ({
  page,
}) => {
  const messaging: string[] = [];
  await page.route('**/e2e-vendors/messaging/**', async (route) => {
    messaging.push(new URL(route.request().url()).pathname);
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  const pageViews = watchPageViews(page);
  for (const path of ['/user/login-policy-warning/', '/subscriptions/faq/']) {
    await page.goto(path);
    // The shell has started (its page view arrived); messaging has had the same chance to start.
    await expect.poll(() => pageViews.filter((url) => url.startsWith(`${base}${path}`))).toHaveLength(1);
    await page.waitForLoadState('networkidle');
    expect(messaging).toEqual([]);
  }
  await page.goto('/');
  await expect.poll(() => messaging.length).toBeGreaterThan(0);
  expect(messaging[0]).toMatch(/^\/e2e-vendors\/messaging\//);
});

test('the collector answers the tracker protocol: a GET pixel event, a bad JSON body and an oversized body', async ({
  request,
}) => {
  const event = new URLSearchParams({
    e: 'ue',
    eid: '9a0c1f5e-3b7d-4e2a-8c6f-1d2e3f4a5b6c',
    tv: 'js-4.10.1',
    p: 'web',
    ue_pr: JSON.stringify({
      schema: 'iglu:com.snowplowanalytics.snowplow/unstruct_event/jsonschema/1-0-0',
      data: { schema: 'iglu:com.bof/share/jsonschema/1-0-0', data: { sharedPlatform: 'linkedin' } },
    }),
  });
  const pixel = await request.get(`/api/collector/i?${event}`);
  expect(pixel.status()).toBe(200);
  expect(pixel.headers()['content-type']).toBe('image/gif');

  const malformed = await request.post(COLLECTOR_POST, {
    headers: { 'content-type': 'application/json' },
    data: '{"data": [',
  });
  expect(malformed.status()).toBe(400);
  const oversized = await request.post(COLLECTOR_POST, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ pad: 'x'.repeat(40_000) }),
  });
  expect(oversized.status()).toBe(413);
});
