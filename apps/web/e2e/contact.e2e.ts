import { expect, test } from './support/test';
import { answerConsent } from './support/identity-journeys';
import { freshEmail, messageCount } from './support/identity-mail';

test('a reader writes to the press desk: every error at once, then the enquiry is sent and copied to them', async ({
  page,
  request,
}) => {
  await page.goto('/contact/media/');
  await answerConsent(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(page.getByText('Write a message of at least 10 characters.')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');

  const email = freshEmail('press');
  await page.getByLabel('Your name').fill('Ines Duarte');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Organisation (optional)').fill('Lisbon Fashion Weekly');
  await page
    .getByLabel('Your message')
    .fill('May we quote your analysis of resale margins in our March issue?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you: your message is with our media and press team' }),
  ).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();
  await expect.poll(() => messageCount(request, email)).toBe(1);
});

test('the contact form works without JavaScript, keeping what the reader typed', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/contact/student/');
  await page.getByLabel('Your name').fill('Tom Becker');
  await page.getByLabel('E-mail address').fill('not an address');
  await page.getByLabel('Your message').fill('Does the student membership include case studies?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  await expect(page.getByLabel('Your message')).toHaveValue(
    'Does the student membership include case studies?',
  );

  await page.getByLabel('E-mail address').fill(freshEmail('student'));
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you: your message is with our student memberships team' }),
  ).toBeVisible();
  await context.close();
});
