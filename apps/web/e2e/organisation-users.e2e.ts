import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { freshEmail, messageCount } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { readerCookies, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';

// An organisation's owner manages its users: a Partner membership of three seats is granted by an admin
// (the grantPartnerMembership mutation, as the admin's signed token allows), the owner adds a reader by
// address and invites another from a CSV file, sees the rows that cannot be added and why, changes a
// role, removes someone and downloads the list; a USER of the account manages nothing.

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

async function reader(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = freshEmail(label);
  await registerWithCode(page, email);
  return { page, email };
}

/** An admin (a real reader whose token says is_bof_admin) grants `ownerEmail` a Partner membership. */
async function grantPartnerMembership(browser: Browser, ownerEmail: string, seats: number) {
  const admin = await reader(browser, 'e2e-org-admin');
  const claims = (await sessionClaims(admin.page)) as ReaderClaims;
  const cookies = await readerCookies({ ...claims, is_bof_admin: true });
  await admin.page
    .context()
    .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: e2eBase })));
  const body = await graphql(
    admin.page,
    `
      mutation ($input: GrantPartnerMembershipInput!) {
        grantPartnerMembership(input: $input) {
          __typename
          ... on OrganisationAccount {
            accountId
            title
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
        membershipLevel: 'Standard',
        seats,
        endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    },
  );
  const granted = body.data?.grantPartnerMembership;
  expect(granted?.__typename).toBe('OrganisationAccount');
  await admin.page.context().close();
  return granted!.accountId as string;
}

test('an owner adds people by address and by CSV, changes a role and removes someone; a USER manages nothing', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  page.on('dialog', (dialog) => void dialog.accept());

  const ownerEmail = freshEmail('e2e-org-owner');
  await registerWithCode(page, ownerEmail);
  const colleague = await reader(browser, 'e2e-org-colleague');
  const invited = freshEmail('e2e-org-invited');
  const accountId = await grantPartnerMembership(browser, ownerEmail, 3);

  // The account page leads an owner to the users page.
  await page.goto('/user/account/');
  await page.getByRole('link', { name: 'Your organisation’s users and seats' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Atelier Nove: users');
  const seats = page.getByTestId('seat-counts');
  await expect(seats).toHaveText('1 of 3 seats used, 2 remaining.');
  await expect(page.getByTestId('account-user')).toHaveCount(1);

  // A reader with an account, by address.
  await page.getByLabel('E-mail addresses (one per line, or separated by commas)').fill(colleague.email);
  await page.getByRole('button', { name: 'Add people' }).click();
  const results = page.getByTestId('add-results');
  await expect(results.getByRole('status')).toHaveText('1 person was added.');
  await expect(results.getByRole('row').nth(1)).toContainText('Added: they have the membership');
  await expect(seats).toHaveText('2 of 3 seats used, 1 remaining.');

  // A CSV file: a header, one new address (invited by e-mail), a malformed row and a repeat.
  await page.getByLabel(/Or upload a CSV file/).setInputFiles({
    name: 'team.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `email,name\r\n${invited},Bo\r\nnot an address,X\r\n${invited.toUpperCase()},Again\r\n`,
    ),
  });
  await expect(page.getByTestId('file-summary')).toContainText('team.csv: 1 address to add, 2 rows');
  await page.getByRole('button', { name: 'Add from the file' }).click();
  await expect(results.getByRole('status')).toHaveText('1 person was added. 2 rows were refused.');
  const rows = results.getByRole('row');
  await expect(rows.nth(1)).toContainText(`2${invited}Invited by e-mail`);
  await expect(rows.nth(2)).toContainText('3not an addressRefused: Not an e-mail address');
  await expect(rows.nth(3)).toContainText('Refused: Same address as row 2.');
  await expect(seats).toHaveText('3 of 3 seats used, 0 remaining.');
  await expect.poll(() => messageCount(page.request, invited)).toBe(1);

  // No seat left: nobody is added, and every row says why.
  await page
    .getByLabel('E-mail addresses (one per line, or separated by commas)')
    .fill(`${freshEmail('e2e-org-late')}, ${freshEmail('e2e-org-later')}`);
  await page.getByRole('button', { name: 'Add people' }).click();
  await expect(results.getByRole('status')).toContainText(
    'Nobody was added. Not enough seats (NO_SEATS_REMAINING)',
  );
  await expect(results.getByRole('row')).toHaveCount(3);
  await expect(seats).toHaveText('3 of 3 seats used, 0 remaining.');
  await expect(page.getByTestId('account-user')).toHaveCount(3);
  await screenshots(page, testInfo, 'organisation-users');

  // A role changes; the invitation is sent again; the invited address is removed, freeing its seat.
  await page.getByLabel(`Role of ${invited}`).selectOption('ADMIN');
  await expect(page.getByText(`${invited} is now Admin.`)).toBeVisible();
  await page.getByRole('button', { name: `Resend invitation to ${invited}` }).click();
  await expect(page.getByText(`The invitation was sent again to ${invited}.`)).toBeVisible();
  await expect.poll(() => messageCount(page.request, invited)).toBe(2);
  await page.getByRole('button', { name: `Remove ${invited}` }).click();
  await expect(page.getByText(`${invited} was removed.`)).toBeVisible();
  await expect(seats).toHaveText('2 of 3 seats used, 1 remaining.');
  await expect(page.getByTestId('account-user')).toHaveCount(2);

  // Search finds the colleague by address.
  await page.getByLabel('Search by name or e-mail').fill(colleague.email.slice(0, 20));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('account-user')).toHaveCount(1);
  await expect(page.getByTestId('account-user')).toContainText(colleague.email);

  // The list downloads as CSV.
  const csv = await page.request.get(`/user/organisations/users/export/?accountId=${accountId}`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toBe('email,first_name,last_name,role,state,added_at');
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual([colleague.email, ownerEmail].sort());

  // The colleague, a USER, manages nothing: the page says so, the API refuses, the download too.
  const other = colleague.page;
  await other.goto('/user/organisations/users/');
  await expect(other.getByTestId('not-a-manager')).toContainText('You do not manage this account.');
  const claims = await sessionClaims(other);
  const refused = await graphql(
    other,
    `
      mutation ($input: AddUsersToOrganisationAccountInput!) {
        addUsersToOrganisationAccount(input: $input) {
          __typename
          ... on UnauthorizedError {
            accountId
            requesterUserId
          }
        }
      }
    `,
    { input: { accountId, emails: [freshEmail('e2e-org-sneak')] } },
  );
  expect(refused.data?.addUsersToOrganisationAccount).toEqual({
    __typename: 'UnauthorizedError',
    accountId,
    requesterUserId: claims.user_id,
  });
  expect((await other.request.get(`/user/organisations/users/export/?accountId=${accountId}`)).status()).toBe(
    403,
  );
  // Someone else's account id tells nothing.
  await other.goto('/user/organisations/users/?accountId=00000000-0000-4000-8000-000000000000');
  await expect(other.getByTestId('unauthorised')).toContainText('You are not allowed to do this.');

  // The colleague's memberships: the account, their role, its end; they leave it.
  other.on('dialog', (dialog) => void dialog.accept());
  await other.goto('/user/organisations/memberships/');
  const membership = other.getByTestId('organisation-membership');
  await expect(membership).toContainText('Atelier Nove');
  await expect(membership).toContainText('User');
  await expect(membership).toContainText('Standard · Partner');
  await screenshots(other, testInfo, 'organisation-memberships');
  await other.getByRole('button', { name: 'Leave Atelier Nove' }).click();
  await expect(other.getByTestId('no-memberships')).toBeVisible();

  // The owner is the last owner: leaving is refused.
  await page.goto('/user/organisations/memberships/');
  await page.getByRole('button', { name: 'Leave Atelier Nove' }).click();
  await expect(page.getByText(/An organisation account needs an owner/)).toBeVisible();
  await page.goto('/user/organisations/users/');
  await expect(seats).toHaveText('1 of 3 seats used, 2 remaining.');
});

test('the professional membership page shows what a team gets and leads to the contact desk', async ({
  page,
}, testInfo) => {
  await page.goto('/professional/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'The business of fashion, for your whole team',
  );
  await expect(page.getByRole('heading', { name: 'What your team gets' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Talk to us about your team' })).toHaveAttribute(
    'href',
    '/contact/professional/',
  );
  await screenshots(page, testInfo, 'professional');
});
