import { expect, test, type BrowserContext } from '@playwright/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';
import { fillCard } from './support/membership';
import { storiesWith } from './support/demo-stories';

const port = Number(process.env.E2E_PORT || 3100);
const base = `http://localhost:${port}`;

/** Signs a new reader up through the identity server, in the journey's own browser context. */
async function signIn(context: BrowserContext, label: string) {
  const page = await context.newPage();
  await registerWithCode(page, freshEmail(label));
  await page.close();
}

async function subscriptionsOf(context: BrowserContext) {
  const response = await context.request.post(`${base}/api/graphql/`, {
    data: {
      query: '{ viewer { ... on Viewer { individualAccount { subscriptions { planCode state } } } } }',
    },
  });
  const body = (await response.json()) as {
    data: { viewer: { individualAccount: { subscriptions: unknown[] } | null } };
  };
  return body.data.viewer.individualAccount?.subscriptions ?? [];
}

test.describe('paying for a membership', () => {
  // After paying, the membership-change helper may retry the token for up to 31 s (5 tries from 1 s).
  test.describe.configure({ timeout: 120_000 });

  test('anonymous readers are asked to sign in first', async ({ page }) => {
    await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('an unknown plan leads back to the memberships', async ({ page }) => {
    await page.goto('/subscriptions/individuals/payment/?plan=free_forever');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a membership first');
  });

  test('the declined card shows a clear error and grants nothing; the success card buys Premium', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-payer');
    const page = await context.newPage();
    await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
    await expect(page.getByTestId('due-today')).toHaveText('£540.00');
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay £540.00' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toBeVisible();
    expect(await subscriptionsOf(context)).toEqual([]);

    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Pay £540.00' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    expect(await subscriptionsOf(context)).toEqual([
      { planCode: 'individuals_premium_yearly_v1', state: 'ACTIVE' },
    ]);
  });

  test('the 3-D Secure card passes through the bank’s check', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-3ds');
    const page = await context.newPage();
    await page.goto(
      '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=GBP',
    );
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm this payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    expect(await subscriptionsOf(context)).toEqual([
      { planCode: 'individuals_standard_yearly_trial_v1', state: 'ACTIVE' },
    ]);
  });

  test('a failed 3-D Secure check charges nothing and says so', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-3ds-fail');
    const page = await context.newPage();
    await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay £540.00' }).click();
    await page.getByRole('button', { name: 'Decline payment' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'did not confirm' })).toBeVisible();
    expect(await subscriptionsOf(context)).toEqual([]);
  });

  test('upgrade for the previewed amount, accept the save offer, then cancel with access until the period end', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-lifecycle');
    const page = await context.newPage();
    await page.goto(
      '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=GBP',
    );
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });

    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-status')).toHaveText('Free trial');
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByRole('link', { name: 'Review upgrade to Premium' }).click();
    await expect(page.getByTestId('upgrade-due-today')).toHaveText('£540.00');
    await page.getByRole('button', { name: 'Pay £540.00 and upgrade' }).click();
    await page.waitForURL('**/user/membership/', { timeout: 60_000 });
    await expect(page.getByRole('cell', { name: '£540.00' })).toBeVisible();

    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await page.getByLabel('It costs too much').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Accept the offer' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for staying' })).toBeVisible();

    await page.goto('/subscriptions/cancel/');
    await page.getByLabel('Something else').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Tell us a little more' })).toBeVisible();
    await page.getByLabel('Tell us more').fill('Moving to my company’s plan');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Your membership is cancelled' })).toBeVisible();
    await expect(page.getByTestId('access-until')).toContainText('You keep full access until');
    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-status')).toHaveText(
      'Cancelled: access until the end of the paid period',
    );
  });

  test('a reader meets the pay wall, subscribes, and the story opens from the welcome page at once', async ({
    page,
  }) => {
    const story = storiesWith('premium').filter((s) => s.path.startsWith('/articles/'))[3]!;
    await registerWithCode(page, freshEmail('wall-to-member'));
    await page.goto(story.path);
    await expect(page.locator('aside[data-wall="paywall"]')).toBeVisible();
    await page.getByRole('link', { name: 'See memberships' }).click();
    await page.getByRole('link', { name: 'Choose Premium' }).first().click();
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium');
    await page.getByRole('link', { name: /^Continue reading:/ }).click();
    await expect(page).toHaveURL(new RegExp(`${story.path}$`));
    await expect(page.locator('.story-gated')).toContainText(story.sentinel);
    await expect(page.locator('aside[data-wall]')).toHaveCount(0);
  });
});
