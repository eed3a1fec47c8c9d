import { expect, test, type Page } from './support/test';
import { storiesWith } from './support/demo-stories';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import {
  accountMenu,
  answerConsent,
  completeDetails,
  detailsPrompt,
  registerWithCode,
  submitSignUpCode,
} from './support/identity-journeys';
import { becomePremiumMember } from './support/membership';
import { e2eBase } from './support/site';

// The journeys a paying reader walks, each as it went wrong once: a recovery that ended on "Sign in to
// change your details" while signed in, a header that showed members "Subscribe" and flashed "Sign in",
// a sign-up from a plan or a wall that lost the reader's place, and pages too wide for a phone.

/**
 * Records, from the first byte of every page, each text the header's reader part shows, and whether any
 * element ever said `phrases` (as the server sent it, or as the script changed it).
 */
async function watchTexts(page: Page, phrases: string[]) {
  await page.addInitScript((watched: string[]) => {
    const seen = new Set<string>();
    const header = new Set<string>();
    (window as unknown as { __seen: Set<string>; __header: Set<string> }).__seen = seen;
    (window as unknown as { __header: Set<string> }).__header = header;
    const look = () => {
      const text = document.body?.innerText ?? '';
      for (const phrase of watched) if (text.includes(phrase)) seen.add(phrase);
      // What the account button shows (its avatar and short name), not its text for screen readers.
      const part = document.querySelector('header button[aria-controls]');
      if (part)
        header.add(
          [...part.querySelectorAll('[aria-hidden="true"]')]
            .map((span) => (span.textContent ?? '').trim())
            .join(' ')
            .trim(),
        );
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, phrases);
}
const seenPhrases = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen]);
const headerTexts = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { __header: Set<string> }).__header]);

/** A busy machine: the browser's first token check may take seconds. */
const slow = { timeout: 15_000 };

async function shot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/reader-journeys/${name}-${width}.png`, fullPage: true });
  }
}

test('a forgotten password: the recovery code lands on the new-password form, signed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('recovery');
  await registerWithCode(page, email, { completeDetails: false });

  // Another browser, signed out: the reader has forgotten their password.
  const context = await browser.newContext();
  const other = await context.newPage();
  await watchTexts(other, ['Sign in to change your details']);
  await other.goto('/user/login/');
  await answerConsent(other);
  await other.getByRole('link', { name: /forgot|reset/i }).click();
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  await other.getByLabel('Email').fill(email);
  await other.getByRole('button', { name: 'Submit' }).click();
  await other.getByLabel('Recovery code').fill(await latestCodeFor(other.request, email));
  await other.getByRole('button', { name: 'Submit' }).click();

  await expect(other).toHaveURL(/\/user\/account\/\?flow=/, slow);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(other.getByLabel('Password', { exact: true })).toBeVisible(slow);
  await expect(other.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(await seenPhrases(other)).toEqual([]);
  await shot(other, 'account-after-recovery');

  await other.getByLabel('Password', { exact: true }).fill('velvet-Atelier-2026!');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(other.getByText(/saved/i).first()).toBeVisible();
  await context.close();
});

test('a member is never treated as a non-member: no Subscribe, no "Sign in" flash, their plan marked', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const email = await becomePremiumMember(page, 'member-header');

  // A new tab (nothing cached in it): from the first byte to the end, the header never says "Sign in"
  // nor "Subscribe", and the avatar goes from blank straight to the reader's initials.
  const tab = await context.newPage();
  await watchTexts(tab, ['Sign in', 'Subscribe']);
  await tab.goto('/');
  await expect(accountMenu(tab)).toContainText('AR', slow);
  await expect(accountMenu(tab)).toContainText('Ada');
  await tab.waitForLoadState('networkidle');
  expect(await seenPhrases(tab)).toEqual([]);
  const local = email.split('@')[0]!;
  for (const text of await headerTexts(tab)) {
    expect(text === '' || text === 'AR Ada', `header showed "${text}"`).toBe(true);
    expect(text).not.toContain(local);
  }
  await expect(tab.getByRole('banner').getByRole('link', { name: 'Subscribe' })).toHaveCount(0);

  // The packages page marks their plan and sells them no trial.
  await tab.goto('/subscriptions/packages/?currency=GBP');
  const premium = tab.getByRole('article', { name: 'Premium' });
  await expect(premium.getByText('Your plan')).toBeVisible();
  await expect(premium.getByRole('link', { name: 'Manage your membership' })).toHaveAttribute(
    'href',
    '/user/membership/',
  );
  await expect(tab.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);
  await shot(tab, 'packages-member');
  await tab.goto('/');
  await shot(tab, 'front-member-header');

  // Anonymous readers still see Subscribe and Sign in once the browser knows they are signed out.
  const anonymous = await (await page.context().browser()!.newContext()).newPage();
  await anonymous.goto('/');
  await expect(anonymous.getByRole('banner').getByRole('link', { name: 'Subscribe' })).toBeVisible(slow);
  await expect(
    anonymous.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }),
  ).toBeVisible();
  await anonymous.context().close();
});

test('signing up from a plan choice returns to that plan’s checkout', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  await page.goto('/subscriptions/packages/?currency=GBP');
  await answerConsent(page);
  await page.getByRole('link', { name: 'Choose Premium' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for Premium');
  const checkout = page.url();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.waitForURL(/\/user\/register\/\?flow=/);
  await submitSignUpCode(page, freshEmail('plan-choice'));

  await expect(page).toHaveURL(checkout, slow);
  await expect(accountMenu(page)).toBeVisible(slow);
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  // And it stays there: nothing pulls the reader away from the form.
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(checkout);
  await expect(detailsPrompt(page)).toHaveCount(0);
  await shot(page, 'checkout-after-sign-up');
  await page.context().close();
});

test('signing up from a wall keeps the story, and asks for details beside it', async ({ page }) => {
  test.setTimeout(90_000);
  const [first, second, third] = storiesWith('members');
  await page.goto(first!.path);
  await answerConsent(page);
  await page.goto(second!.path);
  await page.goto(third!.path);
  await expect(page.locator('aside[data-wall]')).toHaveAttribute('data-wall', 'registration');
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await submitSignUpCode(page, freshEmail('wall-story'));

  await expect(page).toHaveURL(`${e2eBase}${third!.path}`);
  // Decided again once the browser has the reader's token: the wall gives way to the story.
  await expect(page.locator('div.story-gated')).toContainText(third!.sentinel, slow);
  await expect(page.locator('aside[data-wall]')).toHaveCount(0);
  await expect(detailsPrompt(page)).toBeVisible(slow);
  // Seconds later the story is still the reader's.
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(`${e2eBase}${third!.path}`);
  await shot(page, 'story-details-prompt');

  // "Not now" ends the question for the tab, also on the next page.
  await detailsPrompt(page).getByRole('button', { name: 'Not now' }).click();
  await expect(detailsPrompt(page)).toHaveCount(0);
  await page.goto('/');
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(`${e2eBase}/`);
  await expect(detailsPrompt(page)).toHaveCount(0);
});

test('answering the prompt returns to the story, not the welcome page', async ({ page }) => {
  test.setTimeout(90_000);
  const [first, second, third] = storiesWith('members');
  await page.goto(first!.path);
  await answerConsent(page);
  await page.goto(second!.path);
  await page.goto(third!.path);
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await submitSignUpCode(page, freshEmail('wall-prompt'));
  await detailsPrompt(page).getByRole('link', { name: 'Tell us about your work' }).click();
  await expect(page).toHaveURL(/\/user\/one-more-step\/\?return_to=/);
  await completeDetails(page);
  await expect(page).toHaveURL(`${e2eBase}${third!.path}`);
  await expect(detailsPrompt(page)).toHaveCount(0);
});

test('the welcome page fits a phone with a long e-mail address; the confirm page says it once, e-mail whole', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const long = `a-very-long-address-for-a-reader-${Date.now()}-with-many-words@a-long-fashion-house-domain.example.org`;
  await page.setViewportSize({ width: 390, height: 844 });
  await registerWithCode(page, long);
  await page.goto('/subscriptions/individuals/payment/?plan=individuals_premium_yearly_v1&currency=GBP');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Reader');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Postcode').fill('N1 9GU');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Premium');
  await expect(page.getByRole('main').getByText(long)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, 'welcome-long-email');

  // Password sign-up asks to confirm the address: the code's message once, "e-mail" never split.
  const other = await (await page.context().browser()!.newContext()).newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await other.goto('/user/register/');
  await answerConsent(other);
  await other.getByLabel('E-Mail').fill(freshEmail('confirm'));
  await other.getByLabel('First name').fill('Grace');
  await other.getByLabel('Last name').fill('Hopper');
  await other.getByLabel('Password').fill('velvet-Atelier-2026!');
  await other.getByRole('button', { name: 'Sign up', exact: true }).click();
  const heading = other.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Confirm your e-mail address');
  await expect(other.getByText(/has been sent/)).toHaveCount(1);
  await expect(other.getByText(/We have sent/)).toHaveCount(0);
  const lines = await heading.evaluate((h1) => {
    const word = [...h1.querySelectorAll('span')].find((s) => s.textContent === 'e-mail');
    return word ? word.getClientRects().length : -1;
  });
  expect(lines).toBe(1);
  await shot(other, 'confirm-email');
  await other.context().close();
});
