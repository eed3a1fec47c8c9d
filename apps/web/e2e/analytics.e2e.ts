import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from './support/test';
import { accountMenu, registerWithCode } from './support/identity-journeys';
import { freshEmail } from './support/identity-mail';

const base = `http://localhost:${process.env.E2E_PORT || 3100}`;
const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';

// Stand-ins for the vendors' scripts that behave as the real ones do on loading: the pixel takes its
// queue over (`fbq.callMethod`) and sets its first-party cookie; the tag manager registers its container
// and sets its own. Every call each receives is kept in `window.__vendorCalls`.
const VENDOR_SCRIPTS: Record<string, string> = {
  'ad-pixel.js': `
    window.__vendorCalls = window.__vendorCalls || [];
    var fbq = window.fbq;
    fbq.callMethod = function () { window.__vendorCalls.push(['pixel'].concat([].slice.call(arguments))); };
    fbq.queue.splice(0).forEach(function (args) { fbq.callMethod.apply(null, args); });
    fbq.queue.push = function (args) { fbq.callMethod.apply(null, args); };
    document.cookie = '_fbp=fb.1.1700000000000.123; path=/; max-age=7776000';`,
  'gtm.js': `
    window.__vendorCalls = window.__vendorCalls || [];
    window.google_tag_manager = { 'GTM-E2ETEST': {} };
    var seen = 0;
    setInterval(function () {
      for (; seen < window.dataLayer.length; seen++) window.__vendorCalls.push(['gtm', window.dataLayer[seen]]);
    }, 50);
    document.cookie = '_ga=GA1.1.123.456; path=/; max-age=63072000';
    document.cookie = '_gcl_au=1.1.123; path=/; max-age=7776000';`,
};

/** Answers the ad pixel and tag manager scripts locally, and lists every request made for them. */
async function watchVendors(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(/\/e2e-vendors\/(ad-pixel\.js|gtm\.js)/, async (route) => {
    requests.push(route.request());
    const name = new URL(route.request().url()).pathname.split('/').at(-1)!;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: VENDOR_SCRIPTS[name] });
  });
  return requests;
}

/** What the loaded vendor scripts received: the pixel's calls and the tag manager's data layer entries. */
const vendorCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __vendorCalls?: unknown[][] }).__vendorCalls ?? []);

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

  // The consent event itself, and then each catalogue event and page view, reach both once loaded.
  await expect
    .poll(async () => JSON.stringify(await vendorCalls(page)))
    .toContain('"event":"consent_changed","consentState":["necessary","nonessential","embeds"]');
  expect(await vendorCalls(page)).toContainEqual(['pixel', 'trackCustom', 'consent_changed']);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Media and press' }).click();
  await expect(page).toHaveURL(`${base}/contact/media/`);
  await expect
    .poll(() => vendorCalls(page))
    .toContainEqual(['gtm', { event: 'page_view', page_path: '/contact/media/' }]);
  expect(await vendorCalls(page)).toContainEqual(['pixel', 'track', 'PageView']);

  // The stored consent loads them on the next visit without asking again.
  vendors.length = 0;
  await page.goto('/');
  await expect.poll(() => vendors.length).toBe(2);
  await expect(banner(page)).toBeHidden();

  // Withdrawing it removes their cookies from the site, and the reloaded page loads neither.
  const cookieNames = async () => (await page.context().cookies()).map((c) => c.name);
  await expect.poll(cookieNames).toEqual(expect.arrayContaining(['_fbp', '_ga', '_gcl_au']));
  vendors.length = 0;
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie preferences' }).click();
  const preferences = page.locator('#cc-main .pm');
  await preferences.getByRole('button', { name: 'Necessary only' }).click();
  await page.waitForLoadState('load');
  await expect.poll(cookieNames).not.toEqual(expect.arrayContaining(['_fbp']));
  const left = await cookieNames();
  for (const name of ['_fbp', '_ga', '_gcl_au']) expect(left).not.toContain(name);
  expect(left).toContain('bof_cc');
  await page.goto('/legal/');
  expect(vendors).toHaveLength(0);
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

/** The ids each tracker event the collector acknowledged carried: visitor, session and user. */
function watchTrackerIds(page: Page): { e: string; url: string; duid?: string; sid?: string }[] {
  const sent: { e: string; url: string; duid?: string; sid?: string }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: Record<string, string>[] }).data)
      sent.push({ e: event.e!, url: event.url!, duid: event.duid, sid: event.sid });
  });
  return sent;
}

/** What the tracker stored in this browser: `_sp_*` cookies, and its ids or queue in local storage. */
async function trackerStorage(page: Page): Promise<{ cookies: string[]; storage: string[] }> {
  const cookies = (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith('_sp_'));
  const storage = await page.evaluate(() =>
    Object.keys(window.localStorage).filter((key) => /^_sp_|^snowplowOutQueue_/.test(key)),
  );
  return { cookies: cookies.sort(), storage: storage.sort() };
}

test('the tracker stores no id until analytics consent, stores them once it is given, and removes them when withdrawn', async ({
  page,
}) => {
  await watchVendors(page);
  const sent = watchTrackerIds(page);
  const pageViews = () => sent.filter((event) => event.e === 'pv').map((event) => event.url);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect(banner(page)).toBeHidden();
  // Page views are still sent, anonymously: no visitor or session id, nothing stored.
  await expect.poll(pageViews).toEqual([`${base}/`]);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Media and press' }).click();
  await expect.poll(pageViews).toContain(`${base}/contact/media/`);
  expect(sent.length).toBeGreaterThan(1);
  for (const event of sent) expect([event.duid ?? '', event.sid ?? '']).toEqual(['', '']);
  expect(await trackerStorage(page)).toEqual({ cookies: [], storage: [] });
  await page.reload();
  await expect.poll(() => pageViews().length).toBe(3);
  expect(await trackerStorage(page)).toEqual({ cookies: [], storage: [] });

  // With analytics consent the tracker keeps its visitor and session ids, and sends them.
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'Cookie preferences' }).click();
  await page.locator('#cc-main .pm').getByRole('button', { name: 'Accept all' }).click();
  await expect
    .poll(async () => (await trackerStorage(page)).cookies.map((name) => name.split('.')[0]))
    .toEqual(['_sp_id', '_sp_ses']);
  sent.length = 0;
  await footer.getByRole('link', { name: 'Terms and conditions' }).click();
  await expect.poll(() => sent.filter((event) => event.e === 'pv').length).toBeGreaterThan(0);
  const identified = sent.find((event) => event.e === 'pv')!;
  expect(identified.duid).toMatch(/^[0-9a-f-]{36}$/);
  expect(identified.sid).toMatch(/^[0-9a-f-]{36}$/);

  // Withdrawn: the cookies and stored ids go, and the next pages store none again.
  await footer.getByRole('button', { name: 'Cookie preferences' }).click();
  await page.locator('#cc-main .pm').getByRole('button', { name: 'Necessary only' }).click();
  await page.waitForLoadState('load');
  // The reloaded page's tracker removes what the last one stored as it starts (once the page has settled).
  await expect.poll(() => trackerStorage(page), { timeout: 15_000 }).toEqual({ cookies: [], storage: [] });
  sent.length = 0;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Media and press' }).click();
  await expect.poll(() => sent.filter((event) => event.e === 'pv').length).toBeGreaterThan(0);
  for (const event of sent) expect([event.duid ?? '', event.sid ?? '']).toEqual(['', '']);
  expect(await trackerStorage(page)).toEqual({ cookies: [], storage: [] });
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

test('the cookie policy lives at the consent base URL, linked from the banner and the preferences', async ({
  page,
}) => {
  await page.goto('/');
  await banner(page).getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page).toHaveURL(`${base}/consent/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cookies and your choices' })).toBeVisible();
  for (const name of ['bof_session', 'bof_cc', '_fbp', '_ga'])
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('You have not made a choice yet')).toBeVisible();
  await banner(page).getByRole('button', { name: 'Accept all' }).click();
  await expect(
    page.getByText('You have allowed: Necessary, Advertising and measurement, Embedded videos.'),
  ).toBeVisible();
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
  await page.getByRole('main').getByRole('button', { name: 'Cookie preferences' }).click();
  const preferences = page.locator('#cc-main .pm');
  await expect(preferences.getByRole('link', { name: 'cookie policy' })).toHaveAttribute(
    'href',
    `${base}/consent/`,
  );
});

test('the video placeholder plays at once, even before the consent layer has started, and the consent follows', async ({
  page,
}) => {
  // The consent layer's code is held back until the test lets it through.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let heldChunk = false;
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('cc:onFirstConsent')) {
      heldChunk = true;
      await held;
    }
    await route.fulfill({ response, body });
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>video</title>' }),
  );
  // The journeys' fixture story (apps/web/e2e/fixtures/video-story.json) has a video block. The page's
  // load event may wait for the held chunk (it can be asked for before the hero image is in), so the
  // journey goes on from the parsed page; the chunk is asked for once the page's script has run.
  await page.goto('/articles/news/browser-journey-video-story/', { waitUntil: 'domcontentloaded' });
  const placeholder = page.getByTestId('video-placeholder');
  await expect(placeholder).toBeVisible();
  await expect.poll(() => heldChunk).toBe(true);
  await expect(banner(page)).toHaveCount(0);
  await placeholder.getByRole('button', { name: 'Load video' }).click();
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toBeVisible();

  release();
  await expect
    .poll(async () => {
      const cookie = (await page.context().cookies()).find((c) => c.name === 'bof_cc');
      return cookie
        ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[] }).categories
        : [];
    })
    .toEqual(['necessary', 'embeds']);
});

/**
 * Once armed, answers the messaging service's first request for the session's messages with one to show
 * (a test trigger), but only when `release` is called; every other request gets an empty answer.
 */
async function holdMessage(page: Page, armed = true) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { armed, asked: false, release };
  await page.route('**/e2e-vendors/messaging/**', async (route) => {
    const body = route.request().postDataJSON() as { respond_with?: { triggers?: boolean } } | null;
    if (!state.armed || !body?.respond_with?.triggers || state.asked) {
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
      return;
    }
    state.asked = true;
    await released;
    const now = Math.floor(Date.now() / 1000);
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        triggers: [
          {
            id: 'e2e-trigger',
            trigger_condition: [{ type: 'test' }],
            start_time: now - 60,
            end_time: now + 3600,
            priority: 1,
            type: 'inapp',
            data: { type: 'SLIDEUP', message: 'A message from the newsroom', message_close: 'SWIPE' },
          },
        ],
      }),
    });
  });
  return state;
}

/** The message arrives while the reader is on `path`: held (the SDK keeps it), shown only once back. */
async function expectHeldThenShown(page: Page, release: () => void, from: string) {
  release();
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((key) => key.startsWith('ab.storage.deferredIam'))),
    )
    .toBe(true);
  const message = page.locator('.ab-in-app-message');
  await expect(message).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(from);
  await expect(message).toBeVisible();
  await expect(message).toContainText('A message from the newsroom');
}

test('a message arriving after a client-side move into /subscriptions/ waits for the next page elsewhere', async ({
  page,
}) => {
  const messaging = await holdMessage(page);
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Necessary only' }).click();
  await expect.poll(() => messaging.asked).toBe(true);
  // Client-side (a Next.js link) into /subscriptions/: the header's Subscribe link.
  await page.getByRole('banner').getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(`${base}/subscriptions/packages/`);
  await expectHeldThenShown(page, messaging.release, `${base}/`);
});

test('a message arriving after a signed-in reader moves client-side into /user/ waits for the next page elsewhere', async ({
  page,
}) => {
  const messaging = await holdMessage(page, false);
  await registerWithCode(page, freshEmail('messaging'));
  // The messaging service starts afresh on the next page (as on a first visit), and its message waits.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith('ab.')) localStorage.removeItem(key);
  });
  await page.context().clearCookies({ name: /^ab\./ });
  messaging.armed = true;
  await page.goto('/legal/');
  await expect.poll(() => messaging.asked).toBe(true);
  // Client-side (a Next.js link) into /user/: the account menu's Account link.
  await accountMenu(page).click();
  await page.getByRole('banner').getByRole('link', { name: 'Your account', exact: true }).click();
  await expect(page).toHaveURL(`${base}/user/account/`);
  await expectHeldThenShown(page, messaging.release, `${base}/legal/`);
});

test('the debug toolbar is not on the page, nor its code fetched, without the debug flag', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/_next/static/chunks/')) scripts.push(await response.text());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('complementary', { name: 'Debug toolbar' })).toHaveCount(0);
  expect(scripts.some((text) => text.includes('Session token claims'))).toBe(false);
});

test('the collector keeps a bad event of a batch as a bad row and stores the good ones', async ({
  request,
}) => {
  const event = (eid: string, extra: Record<string, string> = {}) => ({
    e: 'pv',
    eid,
    tv: 'js-4.10.1',
    p: 'web',
    url: `${base}/`,
    ...extra,
  });
  const response = await request.post(COLLECTOR_POST, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({
      schema: 'iglu:com.snowplowanalytics.snowplow/payload_data/jsonschema/1-0-4',
      data: [
        null,
        event('7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c01'),
        event('7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c02', { page: 'Runway\u0000' }),
      ],
    }),
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', collected: 1, rejected: 2 });
  const stray = await request.post(COLLECTOR_POST, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ hello: 'world' }),
  });
  expect(stray.status()).toBe(400);
  expect(await stray.json()).toMatchObject({ error: { code: 'invalid_payload' } });
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
