import { expect, test, type BrowserContext, type Page } from './support/test';
import { e2eBaseUrl } from '../../../playwright.config';
import { storiesWith } from './support/demo-stories';
import { signOut } from './support/identity-journeys';
import { becomePremiumMember } from './support/membership';

// Signing out ends the session everywhere: the browser keeps no product cookie, and a `bof_session`
// captured before (page script can read it, spec §3) opens neither personal details nor a premium story,
// replayed in the same browser or in another.

test.use({ locale: 'en-GB' });
test.setTimeout(180_000);

const PRODUCT_COOKIES = ['bof_session', 'bof_paywall_session'];
const premium = storiesWith('premium')[0]!;

const productCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => PRODUCT_COOKIES.includes(c.name)).map((c) => c.name);

async function expectPersonalDetails(page: Page, email: string) {
  await page.goto('/user/account/');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal details' })).toBeVisible();
}

async function expectNoPersonalDetails(page: Page, email: string) {
  const response = await page.goto('/user/account/');
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain(email);
  await expect(page.getByText('Sign in to change your details, password and sessions.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal details' })).toHaveCount(0);
}

async function expectStoryOpen(page: Page, open: boolean) {
  const response = await page.goto(premium.path);
  expect(response?.status()).toBe(200);
  expect((await response?.text())?.includes(premium.sentinel)).toBe(open);
  if (!open) await expect(page.getByText(premium.sentinel)).toHaveCount(0);
}

test('after sign-out the product cookies are gone, and a captured session token opens nothing', async ({
  page,
  browser,
}) => {
  const email = await becomePremiumMember(page, 'revoked');
  await expectPersonalDetails(page, email);
  await expectStoryOpen(page, true);

  // What a script on the page can read, and so steal.
  const captured = await page.evaluate(() => /(?:^|; )bof_session=([^;]+)/.exec(document.cookie)?.[1] ?? '');
  expect(captured).toMatch(/^ey/);

  // From the front page (a walled story has a second "Sign in" link).
  await page.goto('/');
  await signOut(page);
  expect(await productCookies(page.context())).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).not.toContain('bof_session=');

  // Replayed in the same browser: the server answers as to anyone signed out.
  await page.context().addCookies([{ name: 'bof_session', value: captured, url: e2eBaseUrl }]);
  await expectNoPersonalDetails(page, email);
  await page.context().addCookies([{ name: 'bof_session', value: captured, url: e2eBaseUrl }]);
  await expectStoryOpen(page, false);

  // Replayed from another browser, with nothing but the token.
  const attacker = await browser.newContext({ locale: 'en-GB' });
  await attacker.addCookies([{ name: 'bof_session', value: captured, url: e2eBaseUrl }]);
  const elsewhere = await attacker.newPage();
  await expectNoPersonalDetails(elsewhere, email);
  await attacker.addCookies([{ name: 'bof_session', value: captured, url: e2eBaseUrl }]);
  await expectStoryOpen(elsewhere, false);
  const viewer = await attacker.request.post('/api/graphql/', {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ viewer { __typename ... on Error { message } } }' },
  });
  expect(await viewer.json()).toEqual({
    data: { viewer: { __typename: 'AuthError', message: 'You need to sign in to do this.' } },
  });
  await attacker.close();
});
