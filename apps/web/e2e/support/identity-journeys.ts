import { expect, type Page } from '@playwright/test';
import { latestCodeFor } from './identity-mail';

// Steps of the sign-in journeys through the built-in identity server, shared by the browser journeys.

export async function answerConsent(page: Page) {
  await page.getByRole('button', { name: 'Necessary only' }).click();
}

export const accountMenu = (page: Page) => page.getByRole('button', { name: /Account menu for/ });

export async function signOut(page: Page) {
  await accountMenu(page).click();
  // Through the provider to /user/logout/, which clears the product cookies and goes on.
  await Promise.all([
    page.waitForURL('**/user/logout/'),
    page.getByRole('button', { name: 'Sign out' }).click(),
  ]);
  await page.waitForURL((url) => !url.pathname.startsWith('/user/logout/'));
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
}

export async function completeDetails(page: Page) {
  await page.getByLabel('Country').selectOption({ label: 'Italy' });
  await page.getByLabel('Job function').selectOption({ index: 1 });
  await page.getByLabel('Industry').selectOption({ index: 1 });
  await page.getByLabel('Job level').selectOption({ index: 1 });
  await page.getByLabel('Organisation').fill('Atelier Nove');
  await page.getByRole('button', { name: /^Continue/ }).click();
  // Saved once the page moves on (the token then says the details are complete).
  await page.waitForURL((url) => !url.pathname.startsWith('/user/one-more-step/'));
}

/**
 * Signs `email` up with a code (first name Ada, last name Reader) from the registration page the page is
 * on, and waits for one-more-step, where every new reader lands.
 */
export async function signUpWithCode(page: Page, email: string) {
  await submitSignUpCode(page, email);
  // After the token check on the page the provider returned to: slow on a busy machine.
  await expect(page).toHaveURL(/\/user\/one-more-step\//, { timeout: 30_000 });
}

/** Fills the registration page the page is on for `email` (Ada Reader) and sends the e-mailed code. */
export async function submitSignUpCode(page: Page, email: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Reader');
  await page.getByRole('button', { name: 'Sign up with code' }).click();
  await page.getByLabel('Registration code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The one-more-step prompt beside a story (the reader signed up there, and stays there). */
export const detailsPrompt = (page: Page) => page.getByRole('complementary', { name: 'One more step' });

/**
 * Signs `email` up from a story's wall (the registration page the wall led to) and checks that the
 * reader is back on the story, asked for their details by a prompt rather than sent away; then follows
 * the prompt to one-more-step, as `completeDetails` expects.
 */
export async function signUpFromWall(page: Page, email: string, storyPath: string) {
  await submitSignUpCode(page, email);
  await expect(page).toHaveURL((url) => url.pathname === storyPath);
  await expect(accountMenu(page)).toBeVisible({ timeout: 15_000 });
  await detailsPrompt(page).getByRole('link', { name: 'Tell us about your work' }).click();
  await expect(page).toHaveURL(/\/user\/one-more-step\//);
}

/**
 * Registers `email` with a code on a fresh page (first name Ada, last name Reader), then completes the
 * personal details unless told not to, which leaves the reader on one-more-step.
 */
export async function registerWithCode(
  page: Page,
  email: string,
  options: { completeDetails?: boolean } = {},
) {
  await page.goto('/user/register/');
  await answerConsent(page);
  await signUpWithCode(page, email);
  await expect(accountMenu(page)).toBeVisible();
  if (options.completeDetails === false) return;
  await completeDetails(page);
  await expect(accountMenu(page)).toBeVisible();
}

/** Signs `email` in with a one-time code from the login page the page is on. */
export async function signInWithCode(page: Page, email: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Send sign in code' }).click();
  await page.getByLabel(/code/i).fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The claims of the browser's product token (`bof_session`), as the auth endpoint set them. */
export async function sessionClaims(page: Page): Promise<Record<string, unknown>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'bof_session')?.value ?? '';
  const payload = token.split('.')[1];
  return payload ? (JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>) : {};
}
