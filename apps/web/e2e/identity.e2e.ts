import { expect, test } from './support/test';
import { e2eBase } from './support/site';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import {
  accountMenu,
  answerConsent,
  completeDetails,
  registerWithCode,
  sessionClaims,
  signOut,
} from './support/identity-journeys';

// Journeys through the built-in identity server (Kratos protocol, mounted at /identity): real flows,
// real e-mails read from the embedded outbox, real product tokens from the auth endpoint.

test('a new reader registers with an e-mailed code, completes their details and returns to the page they were on', async ({
  page,
}) => {
  const email = freshEmail('register');
  await page.goto('/case-studies/');
  await answerConsent(page);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL(/\/user\/register\/\?flow=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Reader');
  await page.getByRole('button', { name: 'Sign up with code' }).click();
  await expect(page.getByText('An email containing a code has been sent')).toBeVisible();

  await page.getByLabel('Registration code').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/code is invalid or has already been used/i)).toBeVisible();

  await page.getByLabel('Registration code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Continue' }).click();

  // Signed in and new: the details come first, with the name given at registration already filled in.
  await expect(page).toHaveURL(/\/user\/one-more-step\/\?return_to=.*case-studies/);
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Reader');
  expect(await sessionClaims(page)).toMatchObject({ is_user_data_complete: false, is_first_login: true });
  await completeDetails(page);
  await expect.poll(async () => (await sessionClaims(page)).is_user_data_complete).toBe(true);
  // A first sign-in from the header goes by the welcome page, which offers the way back.
  await expect(page).toHaveURL(/\/user\/welcome\/\?return_to=.*case-studies/);
  await page.getByRole('link', { name: 'Go back to the page you were on' }).click();
  await expect(page).toHaveURL(`${e2eBase}/case-studies/`);
  await expect(accountMenu(page)).toContainText(email.split('@')[0]!);

  await signOut(page);
  await expect(page).toHaveURL(`${e2eBase}/case-studies/`);
});

test('a returning reader signs in with a code e-mailed to them', async ({ page, browser }) => {
  const email = freshEmail('code-login');
  await registerWithCode(page, email);
  await signOut(page);

  const other = await browser.newPage();
  await other.goto('/user/login/');
  await answerConsent(other);
  await other.getByLabel('E-Mail').fill(email);
  await other.getByRole('button', { name: 'Send sign in code' }).click();
  const code = await latestCodeFor(other.request, email);
  await other.getByLabel(/code/i).fill(code);
  await other.getByRole('button', { name: 'Continue' }).click();
  await expect(other).toHaveURL(`${e2eBase}/`);
  await expect(accountMenu(other)).toBeVisible();
  await other.close();
});

test('password registration refuses a common password, and sign-in says when the password is wrong', async ({
  page,
}) => {
  const email = freshEmail('password');
  await page.goto('/user/register/');
  await answerConsent(page);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(
    page.getByText('The password has been found in data breaches and must no longer be used.'),
  ).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);

  await page.getByLabel('Password').fill('velvet-Atelier-2026!');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // Signed in at once, and asked to confirm the address with a code (Kratos show_verification_ui).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
  await expect(accountMenu(page)).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'You successfully verified your email address.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/one-more-step\//);
  await completeDetails(page);
  await signOut(page);

  await page.goto('/user/login/');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(page.getByText(/credentials are invalid/i)).toBeVisible();
  await expect(page.getByLabel('E-Mail')).toHaveValue(email);

  await page.getByLabel('Password').fill('velvet-Atelier-2026!');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(accountMenu(page)).toBeVisible();
});

test('a hostile return address is never followed, and a refused form shows why', async ({
  page,
  browser,
}) => {
  const email = freshEmail('hostile');
  await registerWithCode(page, email);
  await signOut(page);

  await page.goto('/user/login/?return_to=https://evil.example/steal');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Send sign in code' }).click();
  await page.getByLabel(/code/i).fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(accountMenu(page)).toBeVisible();
  expect(new URL(page.url()).origin).toBe(e2eBase);

  // A form posted without its CSRF token is refused; the reader sees the provider's error and a way on.
  const other = await browser.newPage();
  await other.goto('/user/login/');
  await answerConsent(other);
  await other.locator('input[name="csrf_token"]').evaluate((input) => input.remove());
  await other.getByLabel('E-Mail').fill(email);
  await other.getByRole('button', { name: 'Send sign in code' }).click();
  await expect(other).toHaveURL(/\/user\/login\/\?error=/);
  await expect(other.getByRole('alert').filter({ hasText: 'security_csrf_violation' })).toBeVisible();
  await other.getByRole('link', { name: 'Try again' }).click();
  await expect(other.getByLabel('E-Mail')).toBeVisible();
  await other.close();
});
