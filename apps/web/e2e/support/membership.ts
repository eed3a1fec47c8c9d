import { expect, type Page } from '@playwright/test';
import { freshEmail } from './identity-mail';
import { registerWithCode } from './identity-journeys';

/** Fills the card form of the payment pages (the embedded billing simulator's test cards). */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Reader');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Postcode').fill('N1 9GU');
  await page.getByLabel('Country').selectOption('GB');
}

/** Signs a new reader up and buys them a Premium membership, as a reader would; returns the e-mail. */
export async function becomePremiumMember(page: Page, label: string): Promise<string> {
  const email = freshEmail(label);
  await registerWithCode(page, email);
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
  // The product token names the new membership once the welcome page has refreshed it.
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === 'bof_session')?.value ?? '')
    .toMatch(/^ey/);
  await expect
    .poll(async () => {
      const token = (await page.context().cookies()).find((c) => c.name === 'bof_session')?.value ?? '';
      const payload = token.split('.')[1] ?? '';
      return (
        JSON.parse(Buffer.from(payload, 'base64url').toString() || '{}') as { membership_level?: string }
      ).membership_level;
    })
    .toBe('Premium');
  return email;
}
