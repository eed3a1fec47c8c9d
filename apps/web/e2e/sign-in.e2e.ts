import { expect, test, type Page } from './support/test';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import {
  accountMenu,
  answerConsent,
  completeDetails,
  registerWithCode,
  signInWithCode,
  signOut,
} from './support/identity-journeys';
import { e2eBase } from './support/site';

// The sign-in journeys of the product from a reader's seat: where sign-in starts, the reader comes back,
// and a return target that leads off the site is never followed, at any step.

const story = '/articles/opinion/in-defence-of-the-boring-wardrobe-brand/';

/** Where the browser is now: always this site. */
async function expectOnSite(page: Page) {
  await expect.poll(() => new URL(page.url()).origin).toBe(e2eBase);
}

/** The return target of the identity flow the page shows (`?flow=`), as the identity server keeps it. */
async function flowReturnTo(page: Page, type: 'login' | 'registration' | 'verification') {
  await page.waitForURL(/[?&]flow=/);
  const id = new URL(page.url()).searchParams.get('flow');
  const flow = (await (await page.request.get(`/identity/self-service/${type}/flows?id=${id}`)).json()) as {
    return_to?: string;
  };
  return flow.return_to;
}

/** The `return_to` a link in the page's main content carries on, or null. */
async function linkReturnTo(page: Page, name: string) {
  const href = await page.getByRole('main').getByRole('link', { name, exact: true }).getAttribute('href');
  return new URL(href!, e2eBase).searchParams.get('return_to');
}

test('register with a password, confirm the address, sign out, then sign in with a code and land back on the story, never leaving the site', async ({
  page,
  context,
}) => {
  // Fourteen steps through the identity server, several e-mailed codes: a long journey.
  test.setTimeout(180_000);
  const email = freshEmail('journey');

  // Register, sent there with a target on another host: the flow returns to the site's front page.
  await page.goto(`/user/register/?return_to=${encodeURIComponent('//evil.com')}`);
  await answerConsent(page);
  expect(await flowReturnTo(page, 'registration')).toBe(`${e2eBase}/`);
  expect(await linkReturnTo(page, 'Sign in')).toBe(`${e2eBase}/`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First name').fill('Lin');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Password').fill('saffron-Loom-2026!');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');

  // Confirm the address, on a confirmation page opened with a hostile target: still the site.
  await page.goto(`/user/confirm-email?return_to=${encodeURIComponent('https://evil.com/')}`);
  expect(await flowReturnTo(page, 'verification')).toBe(`${e2eBase}/`);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByRole('button', { name: /submit|send|continue/i }).click();
  await page.getByLabel('Verification code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  // A new reader gives their details first; after a first sign-in from no particular page (the flow
  // returns to the front page), the welcome page, then on to read.
  await expect(page).toHaveURL(/\/user\/one-more-step\//);
  await completeDetails(page);
  await expect(page).toHaveURL(/\/user\/welcome\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(`${e2eBase}/`);

  // The header shows the signed-in reader by name; the menu works from the keyboard.
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for Lin Okafor (${email})`);
  await expect(accountMenu(page)).toContainText('LO');
  await accountMenu(page).focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('banner');
  await expect(menu.getByRole('link', { name: 'Your account', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('link', { name: 'Membership', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('link', { name: 'Membership', exact: true })).toBeHidden();
  await expect(accountMenu(page)).toBeFocused();

  // The login-policy page's way on, given a hostile target, stays on the site.
  await page.goto(`/user/login-policy-warning/?return_to=${encodeURIComponent('https://evil.com/')}`);
  await expect(page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${e2eBase}/`);

  // Sign out from the story: back on the story, signed out.
  await page.goto(story);
  await signOut(page);
  await expect(page).toHaveURL(`${e2eBase}${story}`);

  // The sign-out page with a hostile stored target and query: the front page.
  await page.evaluate(() => window.localStorage.setItem('userRedirect', 'https://evil.com/'));
  await page.goto(`/user/logout/?return_to=${encodeURIComponent('https://evil.com/')}`);
  await expect(page).toHaveURL(`${e2eBase}/`);

  // Sign-in pages opened with the usual open-redirect payloads, raw and encoded: every flow returns to
  // the site, and "Create an account" carries only a target on the site.
  const hostileQueries = [
    `return_to=${encodeURIComponent('/\\evil.com')}`,
    'return_to=%2F%2Fevil.com',
    'return_to=%252F%252Fevil.com',
    `return_to=${encodeURIComponent(`${e2eBase}@evil.com/`)}`,
    `return_to=${encodeURIComponent('javascript:alert(document.domain)')}`,
    `return_to=${encodeURIComponent('https://evil.com/')}`,
  ];
  for (const query of hostileQueries) {
    await page.goto(`/user/login/?${query}`);
    const returnTo = await flowReturnTo(page, 'login');
    expect(new URL(returnTo!).origin, query).toBe(e2eBase);
    expect(new URL((await linkReturnTo(page, 'Create an account'))!).origin, query).toBe(e2eBase);
  }

  // A second tab opens the sign-in page now, and is only submitted once the first has signed in.
  const second = await context.newPage();
  const secondVisited: string[] = [];
  second.on('framenavigated', (frame) => {
    if (frame === second.mainFrame()) secondVisited.push(frame.url());
  });
  await second.goto('/user/login/');

  // Sign in with a code from the story: back on the story.
  await page.goto(story);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  expect(await linkReturnTo(page, 'Create an account')).toBe(`${e2eBase}${story}`);
  await signInWithCode(page, email);
  await expect(page).toHaveURL(`${e2eBase}${story}`);
  await expect(accountMenu(page)).toBeVisible();

  // The provider tells the second tab a session is already available: it refreshes and moves on.
  await second.getByLabel('E-Mail').fill(email);
  await second.getByRole('button', { name: 'Send sign in code' }).click();
  await expect(second).toHaveURL(`${e2eBase}${story}`);
  await expect(accountMenu(second)).toBeVisible();
  // It went by way of the flow error the provider ended the flow with.
  expect(secondVisited.some((url) => /\/user\/login\/\?error=/.test(url))).toBe(true);
  await expectOnSite(page);
});

test('a fourth sign-in shows the login-policy warning, and signing the others out clears it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('policy');
  await registerWithCode(page, email);

  const others = [];
  for (let i = 0; i < 2; i++) {
    const other = await (await browser.newContext()).newPage();
    await other.goto('/user/login/');
    await answerConsent(other);
    await signInWithCode(other, email);
    await expect(accountMenu(other)).toBeVisible();
    await expect(other).not.toHaveURL(/login-policy-warning/);
    others.push(other);
  }

  const fourth = await (await browser.newContext()).newPage();
  await fourth.goto(`/user/login/?return_to=${encodeURIComponent(`${e2eBase}${story}`)}`);
  await answerConsent(fourth);
  await signInWithCode(fourth, email);
  await expect(fourth).toHaveURL(/\/user\/login-policy-warning\//);
  await expect(fourth.getByRole('heading', { level: 1 })).toHaveText('You are signed in on too many devices');
  const devices = fourth.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(4);

  // Continuing while still over the limit keeps the reader here, saying why.
  await fourth.getByRole('button', { name: 'Continue' }).click();
  await expect(fourth.getByText(/still signed in on more devices/)).toBeVisible();
  await expect(fourth).toHaveURL(/\/user\/login-policy-warning\//);

  await fourth.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(devices).toHaveCount(1);
  await fourth.getByRole('button', { name: 'Continue' }).click();
  await expect(fourth).toHaveURL(`${e2eBase}${story}`);
  expect((await fourth.context().cookies()).find((c) => c.name === 'bof_login_policy')?.value ?? '').toBe('');

  // The devices signed out here have lost their identity session.
  expect((await others[0]!.request.get('/identity/sessions/whoami')).status()).toBe(401);
});
