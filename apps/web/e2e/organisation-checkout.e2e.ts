import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';

const PAYMENT =
  '/subscriptions/organisations/payment/?plan=organisations_bundle_volume_yearly_v1&currency=GBP';

/** A full-page picture of what the buyer sees, kept with the run's results for review. */
const snapshot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
}

async function fillOrganisation(page: Page, country: string) {
  await page.getByLabel('Company name').fill('Atelier Nord Ltd');
  await page.getByLabel('Street address').fill('1 Old Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postal code').fill('EC1V 9HL');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Postcode', { exact: true }).fill('EC1V 9HL');
  await page.getByLabel('Billing country').selectOption(country);
}

test('the groups page shows the seat tiers in the reader’s currency and the way to a larger-team enquiry', async ({
  page,
}) => {
  await page.goto('/subscriptions/groups/?currency=EUR');
  await expect(page.getByRole('heading', { name: 'Membership for your whole team', level: 1 })).toBeVisible();
  await expect(page.getByTestId('tier-2')).toHaveText(/230/);
  await expect(page.getByTestId('tier-50')).toHaveText(/161/);
  await expect(page.getByRole('link', { name: 'Talk to us about your team' })).toHaveAttribute(
    'href',
    '/contact/professional/',
  );
  await expectAxeClean(page);
  await snapshot(page, 'groups-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'groups-mobile');
  await page.getByRole('link', { name: 'Buy seats for your team' }).click();
  await expect(page).toHaveURL(
    /\/subscriptions\/organisations\/payment\/\?plan=organisations_bundle_volume_yearly_v1/,
  );
});

test('a new reader buys five seats for their company, is refused a bad VAT number without a charge, and lands on welcome-pro as owner', async ({
  page,
}) => {
  test.setTimeout(300_000);
  for (const path of ['/user/register/', '/user/one-more-step/']) await page.request.get(path);
  await registerWithCode(page, freshEmail('org-buyer'));
  await page.goto(PAYMENT);
  await expect(page.getByRole('heading', { name: 'Buy seats for your team', level: 1 })).toBeVisible();
  await page.getByLabel('Billing country').selectOption('GB');

  // Five seats, priced live: £200 a seat, 20 % VAT for a buyer billed in the UK.
  const seats = page.getByLabel('Number of seats');
  await expect(seats).toHaveValue('5');
  await expect(page.getByTestId('due-today')).toHaveText('£1,200.00');
  await seats.fill('12');
  await expect(page.getByTestId('due-today')).toHaveText('£2,592.00');
  await seats.fill('500');
  await expect(
    page.getByText('Choose between 2 and 100 seats; for a larger team, talk to us.'),
  ).toBeVisible();
  await expect(seats).toHaveAttribute('aria-invalid', 'true');
  await seats.fill('5');
  await fillOrganisation(page, 'DE');

  // A German number whose check digits are wrong: refused next to the field, nothing charged.
  const vat = page.getByLabel('VAT number');
  await vat.fill('de 136 695 977');
  await vat.blur();
  await expect(vat).toHaveValue('DE136695977');
  await expect(page.getByTestId('vat-note')).toHaveText('This is not a valid VAT number for its country.');
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Please correct the VAT number, or leave it empty.')).toBeVisible();
  await expect(page).toHaveURL(/\/subscriptions\/organisations\/payment\//);
  await expectAxeClean(page);
  await snapshot(page, 'payment-bad-vat-desktop');

  // The right number: the EU register confirms it, and a German business is reverse-charged.
  await vat.fill('DE136695976');
  await vat.blur();
  await expect(page.getByTestId('vat-note')).toContainText('reverse charge');
  await page.getByLabel('Billing country').selectOption('GB');
  await expect(page.getByTestId('tax-amount')).toHaveText('£200.00');
  await page.getByLabel('Billing country').selectOption('DE');
  await expect(page.getByText('VAT reverse charge (0%): you account for VAT')).toBeVisible();
  await expect(page.getByTestId('due-today')).toHaveText('£1,000.00');
  await snapshot(page, 'payment-desktop');
  await page.getByRole('button', { name: 'Pay £1,000.00' }).click();

  await page.waitForURL('**/user/welcome-pro/**', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Welcome, Atelier Nord Ltd is a member' })).toBeVisible();
  await expect(
    page.getByText("You own Atelier Nord Ltd's membership and hold its first seat."),
  ).toBeVisible();
  const counts = page.getByTestId('welcome-pro-seats');
  await expect(counts).toContainText('Seats bought5');
  await expect(counts).toContainText('Seats taken1');
  await expect(page.getByRole('link', { name: 'Add your colleagues' })).toHaveAttribute(
    'href',
    '/user/organisations/users/',
  );
  await expectAxeClean(page);
  await snapshot(page, 'welcome-pro-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snapshot(page, 'welcome-pro-mobile');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The owner's memberships page: plan, seats, renewal, status and the invoice of the purchase.
  await page.goto('/user/organisations/memberships/');
  const account = page.getByTestId('organisation-membership');
  await expect(account.getByTestId('membership-status')).toHaveText('Active, renews automatically');
  await expect(account.getByTestId('membership-seats')).toHaveText('1 used of 5 bought');
  await expect(account.getByText('Renews', { exact: true })).toBeVisible();
  await expect(account.getByTestId('organisation-invoices').getByRole('listitem')).toHaveCount(1);
  await expect(account.getByTestId('organisation-invoices')).toContainText('£1,000.00');

  // Three more seats, priced live: eight seats at £200 for the rest of the year, less the five paid for.
  const form = account.getByTestId('buy-seats');
  const more = form.getByLabel('Seats to add');
  await more.fill('0');
  await expect(form.getByRole('alert')).toHaveText('Enter a whole number of seats, 1 or more.');
  await more.fill('96');
  await expect(form.getByRole('alert')).toContainText('you can add up to 95');
  await more.fill('3');
  await expect(form.getByTestId('seat-price')).toContainText('8 seats in all at £200.00 a seat a year.');
  await expect(form.getByTestId('seat-price')).toContainText('£600.00 today');
  await expectAxeClean(page);
  await snapshot(page, 'memberships-buy-seats-desktop');
  await form.getByRole('button', { name: 'Buy for £600.00' }).click();
  await expect(
    page.getByText('You bought 3 more seats for Atelier Nord Ltd, charged £600.00.'),
  ).toBeVisible();
  await expect(account.getByTestId('membership-seats')).toHaveText('1 used of 8 bought');
  await page.reload();
  await expect(account.getByTestId('membership-seats')).toHaveText('1 used of 8 bought');
  await expect(account.getByTestId('organisation-invoices').getByRole('listitem')).toHaveCount(2);
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snapshot(page, 'memberships-mobile');
});

test('the payment page works on a phone and with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerWithCode(page, freshEmail('org-phone'));
  await page.goto(PAYMENT);
  await page.getByLabel('Billing country').selectOption('GB');
  const seats = page.getByLabel('Number of seats');
  await seats.focus();
  await page.keyboard.press('ArrowUp');
  await expect(seats).toHaveValue('6');
  await expect(page.getByTestId('due-today')).toHaveText('£1,440.00');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Company name')).toBeFocused();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAxeClean(page);
  await snapshot(page, 'payment-mobile');
});
