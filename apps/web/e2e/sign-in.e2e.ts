import { expect, test } from '@playwright/test';
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

// The sign-in journeys of the product from a reader's seat: where sign-in starts, the reader comes back.

const story = '/articles/opinion/in-defence-of-the-boring-wardrobe-brand/';

test('register with a password, confirm the address, sign out, then sign in with a code and land back on the story', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('journey');
  await page.goto(story);
  await answerConsent(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL(/\/user\/register\/\?flow=/);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First name').fill('Lin');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Password').fill('saffron-Loom-2026!');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
  await page.getByLabel('Verification code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/one-more-step\//);
  await completeDetails(page);
  await expect(accountMenu(page)).toContainText(email.split('@')[0]!.slice(0, 8));

  await signOut(page);
  await page.goto(story);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await signInWithCode(page, email);
  await expect(page).toHaveURL(`${e2eBase}${story}`);
  await expect(accountMenu(page)).toBeVisible();
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

  await fourth.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(devices).toHaveCount(1);
  await fourth.getByRole('button', { name: 'Continue' }).click();
  await expect(fourth).toHaveURL(`${e2eBase}${story}`);
  expect((await fourth.context().cookies()).find((c) => c.name === 'bof_login_policy')?.value ?? '').toBe('');

  // The devices signed out here have lost their identity session.
  expect((await others[0]!.request.get('/identity/sessions/whoami')).status()).toBe(401);
});
