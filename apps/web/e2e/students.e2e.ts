import { expect, test, type Page } from './support/test';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { fillCard } from './support/membership';

const YEAR = new Date().getUTCFullYear();
const academicAddress = (label: string) =>
  `${label}.${Date.now()}${Math.random().toString(36).slice(2, 6)}@ox.ac.uk`;

/** A full-page picture of what the reader sees, kept with the run's results for review. */
const snapshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function askForCode(page: Page, email: string, year: number) {
  await page.getByLabel('Academic e-mail address').fill(email);
  await page.getByLabel('Graduation year').fill(String(year));
  await page.getByRole('button', { name: 'Send code' }).click();
}

test('a student verifies an academic address with the e-mailed code, buys the student plan, and the token says Student', async ({
  page,
}) => {
  // Registration, verification, payment and the token refresh: minutes on a loaded machine.
  test.setTimeout(300_000);
  // The first journey on a fresh server: the sign-up pages answer slowly on their first request.
  for (const path of ['/user/register/', '/user/one-more-step/']) await page.request.get(path);
  await registerWithCode(page, freshEmail('student'));
  await page.goto('/subscriptions/packages/students/');
  await expect(page.getByRole('heading', { name: 'Student membership', level: 1 })).toBeVisible();
  await snapshot(page, 'package-desktop');
  await page.getByRole('link', { name: 'Verify your student address' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/students\/validation\/$/);

  // A graduation year in the past is refused next to its field.
  const email = academicAddress('ada');
  await askForCode(page, email, YEAR - 1);
  await expect(page.getByText('Your graduation year cannot be in the past.')).toBeVisible();
  await expect(page.getByLabel('Graduation year')).toHaveAttribute('aria-invalid', 'true');

  await askForCode(page, email, YEAR + 2);
  await expect(page.getByText(`We sent a 6-digit code to ${email} (University of Oxford).`)).toBeVisible();
  const code = await latestCodeFor(page.request, email);
  await snapshot(page, 'validation-code-desktop');
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const codeField = page.getByLabel('Code from the e-mail');
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('That code is not right. 4 tries left.')).toBeVisible();
  await expect(codeField).toBeFocused();
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Your academic address ${email} is verified.`)).toBeVisible();

  await page.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/students\/payment\/$/);
  await expect(page.getByText(`Verified student address: ${email}`)).toBeVisible();
  await fillCard(page, '4111 1111 1111 1111');
  await snapshot(page, 'payment-desktop');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/subscriptions/students/confirmation/', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Welcome, you are a student member' })).toBeVisible();
  await expect.poll(async () => (await sessionClaims(page)).membership_type).toBe('Student');
  await snapshot(page, 'confirmation-desktop');

  await page.goto('/user/account/');
  await expect(page.getByTestId('academic-email')).toContainText(email);
  await expect(page.getByTestId('academic-status')).toContainText('Verified on');
});

test('group-style and non-academic addresses are refused next to the field, with the student desk', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerWithCode(page, freshEmail('not-student'));
  await page.goto('/subscriptions/students/validation/');

  await askForCode(page, 'info@ox.ac.uk', YEAR + 1);
  await expect(page.getByText(/This looks like a shared or department address/)).toBeVisible();
  await expect(page.getByLabel('Academic e-mail address')).toHaveAttribute('aria-invalid', 'true');

  await askForCode(page, 'name@gmail.com', YEAR + 1);
  await expect(
    page.getByText(/This is not an address of a university or college we recognise/),
  ).toBeVisible();
  await snapshot(page, 'validation-refused-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('link', { name: 'Contact our student desk' }).click();
  await expect(page).toHaveURL(/\/contact\/student\/$/);
  await expect(page.getByRole('heading', { name: 'Student enquiries' })).toBeVisible();

  // Without a verified address, the payment page explains and sends the reader to the validation.
  await page.goto('/subscriptions/students/payment/');
  await expect(page.getByTestId('student-ineligible')).toHaveText(
    'Verify your academic e-mail address first.',
  );
});
