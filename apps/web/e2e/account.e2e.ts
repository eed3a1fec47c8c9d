import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from './support/test';
import { storiesWith } from './support/demo-stories';
import { freshEmail } from './support/identity-mail';
import {
  accountMenu,
  answerConsent,
  completeDetails,
  registerWithCode,
  sessionClaims,
  signInWithCode,
  signOut,
  signUpFromWall,
  signUpWithCode,
} from './support/identity-journeys';
import { e2eBase } from './support/site';

/** The reader's saved details, asked of the GraphQL API with the browser's own session cookies. */
async function savedDetails(request: APIRequestContext) {
  const response = await request.post(`${e2eBase}/api/graphql/`, {
    data: {
      query:
        '{ viewer { ... on Viewer { userData { firstName lastName country jobLevel organisationTitle } } } }',
    },
  });
  const body = (await response.json()) as {
    data: { viewer: { userData: Record<string, string | null> | null } };
  };
  return body.data.viewer.userData;
}

test('signed out, the account pages ask the reader to sign in', async ({ page }) => {
  for (const path of ['/user/account/', '/user/one-more-step/']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  }
});

test('one-more-step reports every missing field at once, then saves them all', async ({ page, context }) => {
  await registerWithCode(page, freshEmail('details'), { completeDetails: false });
  await page.goto('/user/one-more-step/?flow=newsletters&return_to=https://evil.example/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more step to your newsletters');
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);

  // The registration name is filled in; cleared, every field is missing.
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Continue to newsletters' }).click();
  for (const text of [
    'Enter your first name.',
    'Enter your last name.',
    'Choose a country from the list.',
    'Choose a job function from the list.',
    'Choose an industry from the list.',
    'Choose a job level from the list.',
    'Enter your organisation.',
  ])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  expect(await savedDetails(context.request)).toMatchObject({ firstName: 'Ada', country: null });

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
  await page.getByLabel('Job function').selectOption({ index: 1 });
  await page.getByLabel('Industry').selectOption({ index: 1 });
  await page.getByLabel('Job level').selectOption({ index: 1 });
  await page.getByLabel('Organisation').fill('Lagos Fashion Week');
  await page.getByRole('button', { name: 'Continue to newsletters' }).click();
  await expect
    .poll(() => savedDetails(context.request))
    .toMatchObject({
      firstName: 'Ada',
      lastName: 'Okafor',
      country: 'NG',
      organisationTitle: 'Lagos Fashion Week',
    });
  // The hostile return address is dropped for the front page; the newsletters journey skips the welcome
  // page even on a first sign-in.
  await page.waitForURL((url) => !url.pathname.startsWith('/user/one-more-step/'));
  expect(page.url()).toBe(`${e2eBase}/`);
});

test('one-more-step cannot be sent before its script runs, and keeps what the reader typed meanwhile', async ({
  page,
  context,
}) => {
  await registerWithCode(page, freshEmail('early'), { completeDetails: false });
  // A slow connection: the page is there, its script is not yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const script = (url: URL) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js');
  await page.route(script, async (route) => {
    await held;
    await route.continue();
  });
  const path = `/user/one-more-step/?${new URLSearchParams({ flow: 'newsletters', return_to: `${e2eBase}/legal/` })}`;
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const submit = page.getByRole('button', { name: 'Continue to newsletters' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Country').selectOption({ label: 'Italy' });
  await page.getByLabel('Organisation').fill('Atelier Nove');
  await page.getByLabel('Organisation').press('Enter');

  release();
  await expect(submit).toBeEnabled();
  // Enter sent nothing: the address is the one the page was opened with, and what was typed is still there.
  expect(page.url()).toBe(`${e2eBase}${path}`);
  await expect(page.getByLabel('Country')).toHaveValue('IT');
  await expect(page.getByLabel('Organisation')).toHaveValue('Atelier Nove');
  await page.getByLabel('Job function').selectOption({ index: 1 });
  await page.getByLabel('Industry').selectOption({ index: 1 });
  await page.getByLabel('Job level').selectOption({ index: 1 });
  await submit.click();
  await page.waitForURL(`${e2eBase}/legal/`);
  expect(await savedDetails(context.request)).toMatchObject({
    country: 'IT',
    organisationTitle: 'Atelier Nove',
  });
});

test('one-more-step for BoF Professional, on a later sign-in, returns to this site only', async ({
  page,
}) => {
  const email = freshEmail('professional');
  await registerWithCode(page, email, { completeDetails: false });
  await signOut(page);
  await page.goto('/user/login/');
  await signInWithCode(page, email);
  await expect(accountMenu(page)).toBeVisible();
  expect(await sessionClaims(page)).toMatchObject({ is_first_login: false, is_user_data_complete: false });

  await page.goto('/user/one-more-step/?flow=professional&return_to=https://evil.example/steal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more step to BoF Professional');
  await expect(page.getByText('Professional membership is built around your work.')).toBeVisible();
  await completeDetails(page);
  await expect(page).toHaveURL(`${e2eBase}/`);
  await expect.poll(async () => (await sessionClaims(page)).is_user_data_complete).toBe(true);
});

test('a first sign-in from the header goes from one-more-step to the welcome page', async ({ page }) => {
  const email = freshEmail('welcome');
  await page.goto('/');
  await answerConsent(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL(/\/user\/register\/\?flow=/);
  await signUpWithCode(page, email);
  expect(await sessionClaims(page)).toMatchObject({ is_first_login: true });

  await completeDetails(page);
  await expect(page).toHaveURL(/\/user\/welcome\//);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
  await expect(page.getByText('Your account is ready.')).toBeVisible();
  // Signed up from the front page: nowhere particular to go back to.
  await expect(page.getByRole('link', { name: 'Go back to the page you were on' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(`${e2eBase}/`);
});

test('a first sign-in from a wall goes back to the story, and the welcome page stays within reach', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [first, second, third] = storiesWith('members');
  await page.goto(first!.path);
  await answerConsent(page);
  await page.goto(second!.path);
  await page.goto(third!.path);
  await expect(page.locator('aside[data-wall]')).toHaveAttribute('data-wall', 'registration');

  const email = freshEmail('wall-welcome');
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await signUpFromWall(page, email, third!.path);
  expect(await sessionClaims(page)).toMatchObject({ is_first_login: true });
  await completeDetails(page);
  // The wall journey wins over the welcome page: the story the reader signed up for.
  await expect(page).toHaveURL(`${e2eBase}${third!.path}`);
  await expect(page.locator('.story-gated')).toContainText(third!.sentinel);

  await page.goto('/user/account/');
  await page.getByRole('link', { name: 'What your account gives you' }).click();
  await expect(page).toHaveURL(/\/user\/welcome\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome');
  await expect(page.getByRole('link', { name: /^Continue reading/ })).toHaveAttribute(
    'href',
    `${e2eBase}${third!.path}`,
  );
});

test('the account page edits personal details and keeps what was typed on a server refusal', async ({
  page,
  context,
}) => {
  await registerWithCode(page, freshEmail('account'));
  await page.goto('/user/account/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();

  await page.getByLabel('First name').fill('Grace <b>');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your first name cannot contain < > or control characters.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace <b>');

  await page.getByLabel('First name').fill('Grace');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details are saved.' })).toBeVisible();
  expect(await savedDetails(context.request)).toMatchObject({
    firstName: 'Grace',
    lastName: 'Hopper',
  });

  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

/** The identity server's answer to whoami for this browser's cookies: 200 signed in, 401 not. */
const whoamiStatus = async (page: Page) => (await page.request.get('/identity/sessions/whoami')).status();

test('the password is changed through the identity settings flow, then signs the reader in', async ({
  page,
}) => {
  const email = freshEmail('password-change');
  const password = 'ochre-Lattice-9071!';
  await registerWithCode(page, email);
  await page.goto('/user/account/');
  await page.getByRole('link', { name: 'Change your password' }).click();
  // The identity provider starts a settings flow and sends the reader back with it.
  await expect(page).toHaveURL(/\/user\/account\/\?flow=/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your changes have been saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/account\/\?flow=/);

  await signOut(page);
  await page.goto('/user/login/');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(accountMenu(page)).toBeVisible();
  expect(await whoamiStatus(page)).toBe(200);
});

test('another session is signed out from the account page, then every other one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('sessions');
  await registerWithCode(page, email);

  // Two more devices: separate browser contexts, each signed in with a code.
  const devices: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const device = await (await browser.newContext()).newPage();
    await device.goto('/user/login/');
    await answerConsent(device);
    await signInWithCode(device, email);
    await expect(accountMenu(device)).toBeVisible();
    expect(await whoamiStatus(device)).toBe(200);
    devices.push(device);
  }

  await page.goto('/user/account/');
  const sessions = page.getByRole('button', { name: /^Sign out .*, signed in / });
  await expect(sessions).toHaveCount(2);
  await sessions.first().click();
  await expect(page.getByRole('status').filter({ hasText: 'That session is signed out.' })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect((await Promise.all(devices.map(whoamiStatus))).sort()).toEqual([200, 401]);

  await page.getByRole('button', { name: 'Sign out of every other session' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You are signed out everywhere else.' }),
  ).toBeVisible();
  await expect(page.getByText('You are not signed in anywhere else.')).toBeVisible();
  expect(await Promise.all(devices.map(whoamiStatus))).toEqual([401, 401]);
  // This device stays signed in.
  expect(await whoamiStatus(page)).toBe(200);
  await page.reload();
  await expect(accountMenu(page)).toBeVisible();
  for (const device of devices) await device.context().close();
});
