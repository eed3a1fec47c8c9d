import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { storiesWith } from './support/demo-stories';
import { freshEmail } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { readerCookies, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';

// An organisation's owner claims its e-mail domain: the claim is proved from the confirmation e-mail
// (opening the link confirms nothing; the button does), then a colleague who signs up with an address
// at that domain is offered the membership at /user/welcome-pro/, joins in one click and reads a
// premium story.

async function graphql(page: Page, query: string, variables: Record<string, unknown>) {
  const response = await page.request.post('/api/graphql/', {
    data: { query, variables },
    headers: { 'content-type': 'application/json' },
  });
  return (await response.json()) as { data?: Record<string, Record<string, unknown>> };
}

async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function reader(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerWithCode(page, email);
  return page;
}

/** An admin (a real reader whose token says is_bof_admin) grants `ownerEmail` a Premium Partner membership. */
async function grantPartnerMembership(browser: Browser, ownerEmail: string) {
  const admin = await reader(browser, freshEmail('e2e-dom-admin'));
  const claims = (await sessionClaims(admin)) as ReaderClaims;
  const cookies = await readerCookies({ ...claims, is_bof_admin: true });
  await admin
    .context()
    .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: e2eBase })));
  const body = await graphql(
    admin,
    `
      mutation ($input: GrantPartnerMembershipInput!) {
        grantPartnerMembership(input: $input) {
          __typename
          ... on OrganisationAccount {
            accountId
          }
          ... on Error {
            message
          }
        }
      }
    `,
    {
      input: {
        title: 'Atelier Nove',
        ownerEmail,
        membershipLevel: 'Premium',
        seats: 3,
        endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    },
  );
  expect(body.data?.grantPartnerMembership?.__typename).toBe('OrganisationAccount');
  await admin.context().close();
}

/** The confirmation link e-mailed to `recipient`, from the development outbox. */
async function confirmationLink(page: Page, recipient: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get(`${e2eBase}/_dev/mail/`, { maxRetries: 2 })).text();
        const mine = html
          .split('<article')
          .slice(1)
          .filter((a) => a.includes(`<span data-recipient>${recipient}</span>`));
        link = /(\/user\/organisations\/domains\/confirm\/\?token=[A-Za-z0-9._%-]+)/.exec(mine[0] ?? '')?.[1];
        return link;
      },
      { message: `a domain confirmation e-mailed to ${recipient}` },
    )
    .toBeTruthy();
  return link!;
}

test('an owner claims a domain and confirms it from the e-mail; a colleague there joins from welcome-pro and reads premium', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const domain = `nove-${stamp}.example.com`;
  const ownerEmail = freshEmail('e2e-dom-owner');
  await registerWithCode(page, ownerEmail);
  await grantPartnerMembership(browser, ownerEmail);

  await page.goto('/user/organisations/users/');
  await page.getByRole('link', { name: /E-mail domains/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Atelier Nove: e-mail domains' })).toBeVisible();
  await expect(page.getByTestId('domains-empty')).toBeVisible();

  // A free-mail domain is refused with a clear error, by the field.
  await page.getByLabel('E-mail domain').fill('gmail.com');
  await page.getByLabel(/Send the confirmation to/).fill('me');
  await page.getByRole('button', { name: 'Claim the domain' }).click();
  await expect(page.locator('#claim-domain-error')).toHaveText(
    'gmail.com is a free e-mail provider: anyone can have an address there, so it cannot be claimed.',
  );

  // The company's domain, typed loosely; the confirmation goes to it@ that domain. Keyboard only.
  await page.getByLabel('E-mail domain').fill(`  ${domain.toUpperCase()} `);
  await page.getByLabel(/Send the confirmation to/).fill('it');
  await page.getByLabel(/Send the confirmation to/).press('Enter');
  await expect(page.getByTestId('domains-status')).toContainText(`${domain} is claimed`);
  await expect(page.getByTestId('domains-list')).toContainText(domain);
  await expect(page.getByTestId('domain-status')).toHaveText(`Waiting for confirmation from it@${domain}`);
  await screenshots(page, testInfo, 'organisation-domains');

  // Someone reading it@ opens the link, signed out: opening it confirms nothing.
  const link = await confirmationLink(page, `it@${domain}`);
  const itContext = await browser.newContext();
  const it = await itContext.newPage();
  await it.goto(link);
  await expect(it.getByRole('heading', { level: 1, name: 'Confirm an e-mail domain' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('domain-status')).toHaveText(`Waiting for confirmation from it@${domain}`);
  await it.getByRole('button', { name: 'Confirm' }).click();
  await expect(it.getByTestId('confirm-domain-status')).toContainText(
    `${domain} is confirmed for Atelier Nove's membership`,
  );
  await screenshots(it, testInfo, 'organisation-domain-confirmed');
  // The same link again: used.
  await it.goto(link);
  await it.getByRole('button', { name: 'Confirm' }).click();
  await expect(it.getByTestId('confirm-domain-status')).toHaveText(`${domain} is confirmed already.`);
  await itContext.close();
  await page.reload();
  await expect(page.getByTestId('domain-status')).toHaveText('Confirmed: colleagues at this domain may join');

  // A colleague signs up with an address at the domain and is offered the membership.
  const colleague = await reader(browser, `ada-${stamp}@${domain}`);
  expect((await sessionClaims(colleague)).unclaimed_membership_account_id).toEqual(expect.any(String));
  await colleague.goto('/user/welcome-pro/');
  const offer = colleague.getByTestId('join-offer');
  await expect(offer).toContainText(
    'Atelier Nove has a membership for everyone with an address at your e-mail domain',
  );
  await screenshots(colleague, testInfo, 'welcome-pro-join-offer');
  await offer.getByRole('button', { name: 'Join Atelier Nove' }).click();
  await expect(
    colleague.getByRole('heading', { level: 1, name: 'Welcome, Atelier Nove is a member' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(colleague.getByTestId('join-offer')).toHaveCount(0);
  await expect(colleague.getByTestId('welcome-pro-seats')).toContainText('Seats taken');

  // The seat opens a premium story.
  const premium = storiesWith('premium').filter((s) => s.path.startsWith('/articles/'))[0]!;
  await colleague.goto(premium.path);
  await expect(colleague.locator('.story-gated')).toContainText(premium.sentinel);
  await colleague.context().close();

  // The owner disables the domain: recorded with who and when.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Disable ${domain}` }).click();
  await expect(page.getByTestId('domain-status')).toContainText(`Disabled on`);
  await expect(page.getByTestId('domain-status')).toContainText(`by ${ownerEmail}`);
});
