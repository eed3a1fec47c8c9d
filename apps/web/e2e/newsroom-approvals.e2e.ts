import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';

// A reader publishes a person profile and it is live at once; a newsroom admin finds it in the approvals
// queue and withdraws it with a reason; the page goes, the reader's draft stays with the reason on it.
// Readers who are not newsroom admins get the ordinary 404 for the queue.

const ADMIN = 'newsroom-approvals@example.org'; // a newsroom admin by configuration (playwright.config.ts)

async function graphql(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const response = await page.request.post('/api/graphql/', {
    data: { query, variables },
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    data?: Record<string, Record<string, unknown>>;
    errors?: unknown;
  };
  expect(body.errors).toBeUndefined();
  return Object.values(body.data!)[0]!;
}

async function reader(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await registerWithCode(page, email);
  return page;
}

test('a newsroom admin withdraws a published profile from the approvals queue', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36);
  const owner = await reader(browser, freshEmail('e2e-approvals-owner'));
  const created = await graphql(
    owner,
    `
      mutation ($input: CreatePersonProfileInput!) {
        createPersonProfile(input: $input) {
          __typename
          ... on PersonProfile {
            profileId
            version
          }
        }
      }
    `,
    { input: { profile: { slug: `wren-okoro-${suffix}`, firstName: 'Wren', lastName: `Okoro ${suffix}` } } },
  );
  expect(created.__typename).toBe('PersonProfile');
  const profileId = created.profileId as string;
  const published = await graphql(
    owner,
    `
      mutation ($input: PublishProfileInput!) {
        publishPersonProfile(input: $input) {
          __typename
        }
      }
    `,
    { input: { profileId, version: 1 } },
  );
  expect(published.__typename).toBe('PersonProfile');
  const publicQuery = `query ($id: ID) { personProfilePublic(profileId: $id) { __typename } }`;
  expect((await graphql(owner, publicQuery, { id: profileId })).__typename).toBe(
    'PersonProfilePublicSuccess',
  );

  // Not for readers, nor for the profile's owner.
  expect((await owner.request.get('/newsroom/approvals/')).status()).toBe(404);

  const admin = await reader(browser, ADMIN);
  await admin.goto('/newsroom/');
  await admin.getByRole('link', { name: 'Approvals' }).click();
  await expect(admin.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const item = admin.getByRole('listitem').filter({ hasText: `Wren Okoro ${suffix}` });
  await expect(item).toContainText('first publication');
  const axe = await new AxeBuilder({ page: admin }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);
  await admin.screenshot({ path: testInfo.outputPath('approvals.png'), fullPage: true });

  // Withdrawing without a reason is refused on the field; with one, the item leaves the queue.
  await item.getByRole('button', { name: 'Withdraw' }).click();
  await expect(item.getByText('Say why it is withdrawn: its editors read this.')).toBeVisible();
  await item.getByLabel(/Reason to withdraw/).fill('The headline names an employer we could not confirm.');
  await item.getByRole('button', { name: 'Withdraw' }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: `Wren Okoro ${suffix}` })).toHaveCount(0);
  await expect(admin.getByTestId('profile-reviewed')).toHaveText(/^Withdrawn: the page is gone/);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: testInfo.outputPath('approvals-phone.png'), fullPage: true });

  expect((await graphql(owner, publicQuery, { id: profileId })).__typename).toBe('ProfileNotFoundError');
  const draft = await graphql(
    owner,
    `
      query {
        personProfileSource {
          __typename
          ... on PersonProfileSourceSuccess {
            data {
              withdrawnReason
              publishedVersion
            }
          }
        }
      }
    `,
  );
  expect(draft).toMatchObject({
    data: { withdrawnReason: 'The headline names an employer we could not confirm.', publishedVersion: null },
  });
});
