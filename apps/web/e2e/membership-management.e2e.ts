import { expect, test, type Browser, type Page, type TestInfo } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';
import { becomePremiumMember, fillCard } from './support/membership';
import { e2eBase } from './support/site';

const PREMIUM = '/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1';
const STANDARD = '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1';
/** A long date as en-GB writes it: "25 November 2027". */
const LONG_DATE = String.raw`\d{1,2} [A-Z][a-z]+ \d{4}`;

/** The page at a phone's and a desktop's width, for looking at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function reader(
  browser: Browser,
  locale: string,
  label: string,
  options: { completeDetails?: boolean } = {},
) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await registerWithCode(page, freshEmail(label), options);
  return { context, page };
}

test.describe('checkout trust', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a UK reader is offered pounds and told how, when and at what price the membership renews', async ({
    browser,
  }, testInfo) => {
    const { page } = await reader(browser, 'en-GB', 'e2e-trust-gb', { completeDetails: false });
    await page.goto(PREMIUM);
    await expect(page.getByTestId('checkout-heading')).toHaveText('Pay for Premium');
    await expect(page.getByLabel('Country of your card’s billing address')).toHaveValue('GB');
    await expect(page.getByTestId('due-today')).toHaveText('£540.00');
    const terms = page.getByTestId('renewal-terms');
    await expect(terms).toHaveText(
      new RegExp(
        `^Your membership renews automatically every year: £540\\.00, including VAT \\(20 %\\), is charged to this card on ${LONG_DATE} and every year after, unless you cancel before then\\.`,
      ),
    );
    await expect(terms.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute(
      'href',
      '/legal/#terms',
    );
    // The terms sit by the pay button, and follow the country chosen.
    const button = page.getByRole('button', { name: 'Pay £540.00' });
    const [termsBox, buttonBox] = [await terms.boundingBox(), await button.boundingBox()];
    expect(buttonBox!.y - (termsBox!.y + termsBox!.height)).toBeLessThan(40);
    await page.getByLabel('Country of your card’s billing address').selectOption('US');
    await expect(terms).toContainText('£450.00 is charged to this card on');
    await page.getByLabel('Country of your card’s billing address').selectOption('GB');
    await screenshots(page, testInfo, 'payment-premium');
  });

  test('a French reader is offered euros and France', async ({ browser }) => {
    const { page } = await reader(browser, 'fr-FR', 'e2e-trust-fr', { completeDetails: false });
    await page.goto(PREMIUM);
    await expect(page.getByLabel('Country of your card’s billing address')).toHaveValue('FR');
    await expect(page.getByTestId('due-today')).toHaveText(/^\d[\d\s\u202f]*,\d\d\s?€$/);
    await expect(page.getByRole('button', { name: /^Pay .*€$/ })).toBeVisible();
  });

  test('the card’s name and country start from the reader’s personal details', async ({ browser }) => {
    // Registered with the details form: Ada Reader, in Italy; the browser says United States.
    const { page } = await reader(browser, 'en-US', 'e2e-trust-details');
    await page.goto(PREMIUM);
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Last name')).toHaveValue('Reader');
    await expect(page.getByLabel('Country of your card’s billing address')).toHaveValue('IT');
    await expect(page.getByTestId('due-today')).toHaveText(/€/);
  });

  test('a trial says "free until DATE, then PRICE" in the heading, by the button and on the welcome page', async ({
    browser,
  }, testInfo) => {
    const { page } = await reader(browser, 'en-GB', 'e2e-trust-trial', { completeDetails: false });
    await page.goto(STANDARD);
    const heading = page.getByTestId('checkout-heading');
    await expect(heading).toHaveText(
      new RegExp(`^Standard: free until ${LONG_DATE}, then £300\\.00 a year$`),
    );
    const until = /free until (.+), then/.exec((await heading.textContent())!)![1]!;
    await expect(page.getByTestId('renewal-terms')).toContainText(
      `Free until ${until}. Your membership then renews automatically: £300.00, including VAT (20 %), is charged to this card on ${until}`,
    );
    await expect(page.getByTestId('renewal-terms')).toContainText('By starting your trial you agree');
    await screenshots(page, testInfo, 'payment-trial');
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    await expect(page.getByTestId('welcome-trial')).toContainText(
      `Your Standard membership is free until ${until}, then £300.00 a year.`,
    );
    await screenshots(page, testInfo, 'welcome-trial');
  });
});

test.describe('managing a membership', () => {
  test.describe.configure({ timeout: 240_000 });

  test('card, invoice PDF, the save offer shown, a second cancellation confirmed, then resumed', async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await becomePremiumMember(page, 'e2e-manage');
    await page.goto('/user/membership/');

    // Each invoice downloads as a PDF, for its owner only.
    const link = page
      .getByTestId('invoice')
      .first()
      .getByRole('link', { name: /Download the invoice/ });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/user\/membership\/invoices\/[\w-]+\/$/);
    const pdf = await page.request.get(`${e2eBase}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename="invoice-/);
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
    const other = await reader(browser, 'en-GB', 'e2e-manage-other', { completeDetails: false });
    expect((await other.page.request.get(`${e2eBase}${href}`)).status()).toBe(404);
    const anonymous = await browser.newContext();
    expect((await anonymous.request.get(`${e2eBase}${href}`)).status()).toBe(401);
    await anonymous.close();

    // A new card replaces the one on file.
    await expect(page.getByTestId('membership-card')).toContainText('Visa ending 1111');
    await page.getByRole('button', { name: 'Update card' }).click();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await page.getByLabel('Card number').fill('5555 5555 5555 4444');
    await page.getByLabel('Expiry (MM/YY)').fill('11/31');
    await page.getByLabel('Security code').fill('321');
    await page.getByLabel('Postcode').fill('75001');
    await page.getByLabel('Country of your card’s billing address').selectOption('FR');
    await screenshots(page, testInfo, 'membership-update-card');
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByTestId('card-notice')).toContainText('ending 4444 is saved');
    await expect(page.getByTestId('membership-card')).toContainText(
      'MasterCard ending 4444, expires 11/2031',
    );

    // The save offer accepted is shown on the membership page, with the next payment it lowers.
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await page.getByLabel('It costs too much').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Accept the offer' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for staying' })).toBeVisible();
    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-discount')).toHaveText(
      new RegExp(`^30 % off your next renewal: the offer you accepted on ${LONG_DATE}$`),
    );
    await expect(page.getByTestId('next-payment')).toHaveText(
      new RegExp(`^£378\\.00 on ${LONG_DATE} \\(instead of £540\\.00\\)$`),
    );
    await screenshots(page, testInfo, 'membership-discount');

    // The second visit asks before cancelling, and says what the reader gives up.
    await page.goto('/subscriptions/cancel/');
    await page.getByLabel('I am taking a break').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirmation = page.getByTestId('cancel-confirmation');
    await expect(confirmation).toContainText('Are you sure you want to cancel?');
    await expect(confirmation).toContainText(new RegExp(`You keep full access until ${LONG_DATE}`));
    await expect(page.getByTestId('discount-given-up')).toHaveText(
      'You accepted 30 % off your next renewal. If you cancel, you give that discount up.',
    );
    await screenshots(page, testInfo, 'cancel-confirm');
    // Nothing is cancelled until the reader says so.
    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-status')).toHaveText('Active, renews automatically');
    await page.goto('/subscriptions/cancel/');
    await page.getByLabel('I am taking a break').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    await expect(page.getByRole('heading', { name: 'Your membership is cancelled' })).toBeVisible({
      timeout: 60_000,
    });

    // Changed their mind: resumed before the period ends, renewing again.
    await expect(page.getByTestId('resume-membership')).toContainText(
      new RegExp(`it renews automatically on ${LONG_DATE} at £378\\.00\\. Nothing is charged today\\.`),
    );
    await screenshots(page, testInfo, 'cancel-confirmation');
    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-status')).toHaveText(
      'Cancelled: access until the end of the paid period',
    );
    await screenshots(page, testInfo, 'membership-cancelled');
    await page.getByRole('button', { name: 'Resume membership' }).click();
    await expect(page.getByTestId('resumed-notice')).toContainText('Your membership is resumed.');
    await expect(page.getByTestId('membership-status')).toHaveText('Active, renews automatically');
    await expect(page.getByTestId('membership-discount')).toBeVisible();
    await expect(page.getByTestId('resume-membership')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Cancel membership' })).toBeVisible();
    await screenshots(page, testInfo, 'membership-resumed');
  });
});
