import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import { accountMenu, registerWithCode, signOut } from './support/identity-journeys';
import { e2eBase } from './support/site';

/** Signs in at /user/login/ with a code e-mailed to `email`; returns once the identity server answered. */
async function signInWithCode(page: Page, email: string) {
  await page.goto('/user/login/');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByRole('button', { name: 'Send sign in code' }).click();
  const code = await latestCodeFor(page.request, email);
  await page.getByLabel(/code/i).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

const accessible = async (page: Page) => {
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
};

test('a reader changes their e-mail address with a code sent to the new one, on a phone, by keyboard', async ({
  page,
}) => {
  // A long journey: registration, three accessibility scans, two sign-ins and two sign-outs.
  test.setTimeout(90_000);
  const oldEmail = freshEmail('change-old');
  const newEmail = freshEmail('change-new');
  await page.setViewportSize({ width: 320, height: 740 });
  await registerWithCode(page, oldEmail);

  await page.goto('/user/account/');
  await expect(page.getByRole('heading', { name: 'E-mail address' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Change your password' })).toBeVisible();
  await accessible(page);

  // Keyboard only: an empty address is refused next to the field, which keeps the focus.
  const address = page.getByLabel('New e-mail address');
  await address.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter your new e-mail address.')).toBeVisible();
  await expect(address).toBeFocused();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type(oldEmail);
  await page.keyboard.press('Enter');
  await expect(page.getByText('This is already your e-mail address.')).toBeVisible();

  await address.fill('');
  await page.keyboard.type(newEmail);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`We sent a 6-digit code to ${newEmail}.`)).toBeVisible();
  const codeField = page.getByLabel('Code from the e-mail');
  await expect(codeField).toBeFocused();
  await accessible(page);

  // A wrong code is refused next to the field; the right one, read from /_dev/mail/, changes the address.
  const code = await latestCodeFor(page.request, newEmail);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await expect(codeField).toBeFocused();
  await codeField.fill('');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const done = page.getByText(`Your e-mail address is now ${newEmail}.`);
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await accessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  // The header follows the refreshed token, and the page the new address.
  await expect(accountMenu(page)).toHaveAttribute('title', newEmail);
  await expect(page.getByText(`Signed in as ${newEmail}`)).toBeVisible();

  await signOut(page);
  await signInWithCode(page, newEmail);
  await expect(page).toHaveURL(`${e2eBase}/`);
  await expect(accountMenu(page)).toHaveAttribute('title', newEmail);
  await signOut(page);

  // The old address signs in no more: the identity server knows no account for it.
  await signInWithCode(page, oldEmail);
  await expect(page.getByRole('heading', { name: 'There is no account for this address yet' })).toBeVisible();
  await expect(accountMenu(page)).toHaveCount(0);
});
