import { expect, test, type Page } from './support/test';
import { storiesWith } from './support/demo-stories';
import { answerConsent } from './support/identity-journeys';
import { e2eBase } from './support/site';

// The anonymous meter against clients that skip it (docs/security.md, "The anonymous meter"): a browser
// still gets its two free stories and then the registration wall, as before; a client that keeps no
// cookie, or replays the meter cookie of its first read, does not read past the meter.

const metered = [...storiesWith('members'), ...storiesWith('registered')];
const wall = (page: Page) => page.locator('aside[data-wall]');
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

test.use({ locale: 'en-GB' });

test('a browser reads two free stories, the first by following a link, then meets the registration wall', async ({
  page,
}) => {
  const [first, second, third] = metered;
  await page.goto('/');
  await answerConsent(page);
  // A client-side navigation (a React Server Components request) without a meter cookie yet: it gets
  // the cookie on the way, and the story opens at its own address.
  await page.evaluate(
    (to) => (window as unknown as { next: { router: { push(p: string): void } } }).next.router.push(to),
    first!.path,
  );
  await page.waitForURL(`**${first!.path}`);
  await expect(page.locator('.story-gated')).toContainText(first!.sentinel);
  expect(new URL(page.url()).search).toBe('');

  // A story opened directly: the same, at the address asked for.
  await page.goto(second!.path);
  await expect(page.locator('.story-gated')).toContainText(second!.sentinel);
  expect(page.url()).toBe(`${e2eBase}${second!.path}`);

  await page.goto(third!.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'registration');
  await expect(wall(page)).toHaveAttribute('data-wall-reason', 'anonymous-meter-exhausted');
  await expect(page.getByText('You have read your free stories for now.')).toBeVisible();
  expect(await page.content()).not.toContain(third!.sentinel);
  const cookies = await page.context().cookies();
  expect(cookies.filter((c) => c.name === 'bof_meter')).toHaveLength(1);
});

test('a browser that keeps no cookie meets the registration wall, which says why', async ({ page }) => {
  // Every answer loses its Set-Cookie on the way in, as with cookies blocked for the site (the context's
  // jar, which the intercepting fetch fills, is emptied before the browser sees the answer).
  await page.route(/\/articles\//, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    await page.context().clearCookies();
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== 'set-cookie'),
    );
    await route.fulfill({ response, headers });
  });
  const story = metered[0]!;
  await page.goto(story.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'registration');
  await expect(wall(page)).toHaveAttribute('data-wall-reason', 'meter-cookie-refused');
  await expect(page.getByText('Your browser did not keep our cookie')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a free account' })).toBeVisible();
  expect(await page.content()).not.toContain(story.sentinel);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

/** A story page as a client without a cookie jar reads it (`curl -L`): fetch keeps no cookie. */
async function fetchStory(path: string, cookie?: string): Promise<string> {
  const response = await fetch(`${e2eBase}${path}`, {
    headers: { 'user-agent': CHROME_UA, ...(cookie ? { cookie } : {}) },
  });
  expect(response.status).toBe(200);
  return response.text();
}

test('a client without a cookie jar reads no metered story in full', async () => {
  test.setTimeout(120_000);
  const opened = [];
  for (const story of metered) {
    const html = await fetchStory(story.path);
    expect(html).toContain('data-wall-reason="meter-cookie-refused"');
    if (html.includes(story.sentinel)) opened.push(story.path);
  }
  expect(opened).toEqual([]);
});

test('a meter cookie replayed after one read opens one more story, not every one', async ({ page }) => {
  test.setTimeout(120_000);
  const [first, ...rest] = metered;
  await page.goto(first!.path);
  await expect(page.locator('.story-gated')).toContainText(first!.sentinel);
  const meter = (await page.context().cookies()).find((c) => c.name === 'bof_meter');
  expect(meter).toBeDefined();
  const opened = [];
  for (const story of rest) {
    const html = await fetchStory(story.path, `bof_meter=${meter!.value}`);
    if (html.includes(story.sentinel)) opened.push(story.path);
  }
  expect(opened).toHaveLength(1);
});
