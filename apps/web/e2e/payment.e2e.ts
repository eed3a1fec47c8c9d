import { expect, test, type BrowserContext, type Page } from './support/test';
import { storiesWith } from './support/demo-stories';
import { freshEmail } from './support/identity-mail';
import {
  answerConsent,
  completeDetails,
  registerWithCode,
  sessionClaims,
  signUpFromWall,
} from './support/identity-journeys';
import { fillCard } from './support/membership';
import { e2eBase } from './support/site';

const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';
const wall = (page: Page) => page.locator('aside[data-wall]');

/** Signs a new reader up through the identity server, in the journey's own browser context. */
async function signIn(context: BrowserContext, label: string) {
  const page = await context.newPage();
  await registerWithCode(page, freshEmail(label));
  await page.close();
}

async function subscriptionsOf(context: BrowserContext) {
  const response = await context.request.post(`${e2eBase}/api/graphql/`, {
    data: {
      query: '{ viewer { ... on Viewer { individualAccount { subscriptions { planCode state } } } } }',
    },
  });
  const body = (await response.json()) as {
    data: { viewer: { individualAccount: { subscriptions: unknown[] } | null } };
  };
  return body.data.viewer.individualAccount?.subscriptions ?? [];
}

/** Moves the billing simulator's clock on; renewals, trial ends and expiry run and their webhooks land. */
async function advanceBillingClock(page: Page, days: number) {
  const response = await page.request.post(`${e2eBase}/api/billing-simulator/clock/`, {
    data: { command: 'advance', days },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { notifications: number; delivered: number; pending: number };
  // Everything the move caused reached the product (another journey's delivery round may have carried
  // some of it, so `delivered` can differ from `notifications`).
  expect(body.pending).toBe(0);
}

/** The token's refresh, as the browser makes it when its token nears expiry (spec §4). */
async function refreshToken(page: Page) {
  const response = await page.request.post(`${e2eBase}/api/auth/token/`, {
    data: { castleRequestToken: null, currentUrl: page.url() },
  });
  expect(response.ok()).toBe(true);
}

/** The self-describing events the collector acknowledged, with their data. */
function watchEvents(page: Page): { schema: string; data: Record<string, unknown> }[] {
  const events: { schema: string; data: Record<string, unknown> }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data) {
      if (event.e === 'ue' && event.ue_pr) {
        const { data } = JSON.parse(event.ue_pr) as {
          data: { schema: string; data: Record<string, unknown> };
        };
        events.push({ schema: data.schema.replace(/^iglu:com\.bof\/(\w+)\/.*$/, '$1'), data: data.data });
      }
    }
  });
  return events;
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

  test('the declined card shows a clear error and grants nothing', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-declined');
    const page = await context.newPage();
    await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
    // The reader's details say Italy: the form starts there, with Italian VAT, until the card says GB.
    await expect(page.getByTestId('due-today')).toHaveText('£549.00');
    await fillCard(page, '4000 0000 0000 0002');
    await expect(page.getByTestId('due-today')).toHaveText('£540.00');
    await page.getByRole('button', { name: 'Pay £540.00' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your card was declined. Please use another card.' }),
    ).toBeVisible();
    expect(await subscriptionsOf(context)).toEqual([]);
    expect((await sessionClaims(page)).membership_level).toBe('None');
  });

  test('the 3-D Secure card passes the bank’s check on a paid purchase, then charges once', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-3ds');
    const page = await context.newPage();
    await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay £540.00' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm this payment' })).toBeVisible();
    // Nothing is granted while the bank has not answered.
    expect(await subscriptionsOf(context)).toEqual([]);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium');
    expect(await subscriptionsOf(context)).toEqual([
      { planCode: 'individuals_premium_yearly_v1', state: 'ACTIVE' },
    ]);
    await page.goto('/user/membership/');
    await expect(page.getByTestId('invoice')).toHaveCount(1);
    await expect(page.getByTestId('invoice')).toContainText('£540.00');
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

  test('the beauty package opens beauty stories', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-beauty');
    const page = await context.newPage();
    const story = storiesWith('topic:beauty')[0]!;
    await page.goto(story.path);
    await expect(wall(page)).toBeVisible();
    await page.goto('/subscriptions/packages/?packages=beauty&currency=GBP');
    await page.getByRole('link', { name: 'Choose Beauty' }).click();
    await fillCard(page, '4111 1111 1111 1111');
    await expect(page.getByTestId('due-today')).toHaveText('£144.00');
    await page.getByRole('button', { name: 'Pay £144.00' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Beauty');
    await page.goto(story.path);
    await expect(page.locator('.story-gated')).toContainText(story.sentinel);
    await expect(wall(page)).toHaveCount(0);
  });

  test('the executive plan is bought from its own page and opens premium stories', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-GB' });
    await signIn(context, 'e2e-executive');
    const page = await context.newPage();
    await page.goto('/subscriptions/executive/?currency=GBP');
    await page.getByRole('link', { name: 'Become an Executive member' }).click();
    await fillCard(page, '4111 1111 1111 1111');
    await expect(page.getByTestId('due-today')).toHaveText('£1,800.00');
    await page.getByRole('button', { name: 'Pay £1,800.00' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Executive');
    const premium = storiesWith('premium').filter((s) => s.path.startsWith('/articles/'))[0]!;
    await page.goto(premium.path);
    await expect(page.locator('.story-gated')).toContainText(premium.sentinel);
  });

  // Last: it moves the billing simulator's clock on by more than a year.
  test('from the pay wall to a membership, an upgrade at the previewed price, the save offer, and the end', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const context = await browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const events = watchEvents(page);
    const [first, second, third, fourth, fifth, sixth] = storiesWith('members');
    const premium = storiesWith('premium').filter((s) => s.path.startsWith('/articles/'))[1]!;

    // An anonymous reader spends the meter: two stories, then the registration wall.
    await page.goto(first!.path);
    await answerConsent(page);
    await expect(page.locator('.story-gated')).toContainText(first!.sentinel);
    await page.goto(second!.path);
    await expect(page.locator('.story-gated')).toContainText(second!.sentinel);
    await page.goto(third!.path);
    await expect(wall(page)).toHaveAttribute('data-wall', 'registration');
    const email = freshEmail('e2e-journey');
    await page.getByRole('link', { name: 'Create a free account' }).click();
    await signUpFromWall(page, email, third!.path);
    await completeDetails(page);
    // Registered: three more, then the pay wall.
    await expect(page.locator('.story-gated')).toContainText(third!.sentinel);
    for (const story of [fourth!, fifth!]) {
      await page.goto(story.path);
      await expect(page.locator('.story-gated')).toContainText(story.sentinel);
    }
    await page.goto(sixth!.path);
    await expect(wall(page)).toHaveAttribute('data-wall', 'paywall');

    // Subscribes from the wall: Standard, with its free trial, on the success card.
    await page.getByRole('link', { name: 'See memberships' }).click();
    await page.getByRole('link', { name: 'Start free trial' }).first().click();
    await expect(page.getByTestId('due-today')).toHaveText('£0.00');
    await expect(page.getByTestId('trial-notice')).toContainText('Your first year is charged on');
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Standard');
    // The story the wall was on opens from the welcome page, at once.
    await page.getByRole('link', { name: /^Continue reading:/ }).click();
    await expect(page).toHaveURL(`${e2eBase}${sixth!.path}`);
    await expect(page.locator('.story-gated')).toContainText(sixth!.sentinel);
    await expect(wall(page)).toHaveCount(0);

    // The trial ends (the first year of Standard is billed), and a hundred days of it pass.
    await advanceBillingClock(page, 31);
    await advanceBillingClock(page, 100);
    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-status')).toHaveText('Active, renews automatically');
    await expect(page.getByTestId('invoice')).toHaveCount(1);
    await expect(page.getByTestId('invoice')).toContainText('Standard');
    await expect(page.getByTestId('invoice')).toContainText('£300.00');

    // Upgrades to Premium mid-term: the rest of the year of Premium, less Standard's unused days.
    await page.getByRole('link', { name: 'Upgrade' }).click();
    await page.getByRole('link', { name: 'Review upgrade to Premium' }).click();
    const previewed = (await page.getByTestId('upgrade-due-today').textContent())!;
    const amount = Number(previewed.replace(/[£,]/g, ''));
    expect(amount).toBeGreaterThan(0);
    expect(amount).toBeLessThan(540 - 300);
    await page.getByRole('button', { name: `Pay ${previewed} and upgrade` }).click();
    await page.waitForURL('**/user/membership/**', { timeout: 60_000 });
    await expect(page.getByTestId('membership-plan')).toHaveText('Premium');
    // The invoice the provider holds for the upgrade is the previewed amount, to the penny.
    const invoices = page.getByTestId('invoice');
    await expect(invoices).toHaveCount(2);
    await expect(invoices.first()).toContainText('Premium');
    await expect(invoices.first()).toContainText(previewed);
    await expect(invoices.last()).toContainText('Standard');
    expect((await sessionClaims(page)).membership_level).toBe('Premium');

    // Cancels, and takes the save offer.
    await page.getByRole('link', { name: 'Cancel membership' }).click();
    await page.getByLabel('It costs too much').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Accept the offer' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for staying' })).toBeVisible();

    // Cancels again: the offer is made once, so this time the reader confirms, and it cancels.
    await page.goto('/subscriptions/cancel/');
    await page.getByLabel('Something else').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Tell us a little more' })).toBeVisible();
    await page.getByLabel('Tell us more').fill('Moving to my company’s plan');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('discount-given-up')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel membership' }).click();
    await expect(page.getByRole('heading', { name: 'Your membership is cancelled' })).toBeVisible();
    await expect(page.getByTestId('access-until')).toContainText('You keep full access until');
    await page.goto('/user/membership/');
    await expect(page.getByTestId('membership-status')).toHaveText(
      'Cancelled: access until the end of the paid period',
    );
    // Until the period ends, Premium still opens premium stories.
    await page.goto(premium.path);
    await expect(page.locator('.story-gated')).toContainText(premium.sentinel);

    // Past the period's end the subscription expires; the next token no longer opens them.
    await advanceBillingClock(page, 300);
    await refreshToken(page);
    expect((await sessionClaims(page)).membership_level).toBe('None');
    await page.goto(premium.path);
    await expect(wall(page)).toHaveAttribute('data-wall', 'paywall');
    expect(await page.content()).not.toContain(premium.sentinel);
    await page.goto('/user/membership/');
    await expect(page.getByText('Your membership has ended.')).toBeVisible();

    // Coming back, the reader has had a trial: Standard is priced from today, before a card is typed.
    await page.goto(
      '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=GBP',
    );
    await expect(page.getByTestId('no-trial-notice')).toBeVisible();
    // Billed in the United Kingdom (the form starts from the reader's details: Italy).
    await page.getByLabel('Country of your card’s billing address').selectOption('GB');
    await expect(page.getByTestId('due-today')).toHaveText('£300.00');
    await expect(page.getByRole('button', { name: 'Pay £300.00' })).toBeVisible();

    // Every step reached analytics through the tracker.
    await expect
      .poll(() => events.map((e) => e.schema))
      .toEqual(
        expect.arrayContaining([
          'marketing_page_viewed',
          'checkout_started',
          'payment_submitted',
          'purchase',
          'upgrade',
          'cancellation',
        ]),
      );
    expect(events.find((e) => e.schema === 'upgrade')?.data).toMatchObject({
      previousPlan: 'individuals_standard_yearly_trial_v1',
      currentPlan: 'individuals_premium_yearly_v1',
    });
    expect(events.filter((e) => e.schema === 'cancellation').map((e) => e.data)).toEqual([
      expect.objectContaining({
        cancellationReason: 'too_expensive',
        discountOffered: true,
        action: 'accepted_discount',
      }),
      expect.objectContaining({
        cancellationReason: 'other',
        cancellationReasonOther: 'Moving to my company’s plan',
        discountOffered: false,
        action: 'cancelled',
      }),
    ]);
  });
});
