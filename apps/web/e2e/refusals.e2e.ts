import { expect, test, type APIRequestContext, type Page } from './support/test';
import { storiesWith } from './support/demo-stories';
import { freshEmail } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { fillCard } from './support/membership';
import { becomeLevel, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';

// Refusals through the running product: the services the server entry builds throw them, the GraphQL
// endpoint Next.js serves answers them, and each reaches the reader as its own result type and message,
// never as "Unexpected error".

const UNEXPECTED = /unexpected error|something went wrong/i;

// Prices in pounds: the reader's locale picks the currency.
test.use({ locale: 'en-GB' });

async function graphql(request: APIRequestContext, query: string, variables: Record<string, unknown> = {}) {
  const response = await request.post(`${e2eBase}/api/graphql/`, { data: { query, variables } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

async function articleId(request: APIRequestContext, slug: string): Promise<string> {
  const data = await graphql(request, 'query ($slug: String!) { article(slug: $slug) { id } }', { slug });
  return (data.article as { id: string }).id;
}

const GIFT = `mutation ($id: ID!) { createStoryGift(input: { articleId: $id }) {
  __typename ... on StoryGift { id } ... on Error { message } } }`;

/** A new registered reader (cookies answered), signed in in `page`'s context; returns their token's claims. */
async function newReader(page: Page, label: string): Promise<ReaderClaims> {
  await registerWithCode(page, freshEmail(label));
  return (await sessionClaims(page)) as ReaderClaims;
}

test('refused gifts, withdrawals and PDF links answer with their own type and reason', async ({ page }) => {
  test.setTimeout(120_000);
  const claims = await newReader(page, 'refusals-api');
  const [members, premium] = [storiesWith('members')[0]!, storiesWith('premium')[0]!];
  const id = await articleId(page.request, members.slug);

  // A registered reader without a membership.
  const refused = (await graphql(page.request, GIFT, { id })).createStoryGift;
  expect(refused).toEqual({ __typename: 'BaseError', message: 'Gifting stories is part of a membership.' });

  const withdrawn = await graphql(
    page.request,
    `
      mutation {
        revokeStoryGift(input: { giftId: "00000000-0000-4000-8000-000000000000" }) {
          __typename
          ... on Error {
            message
          }
        }
      }
    `,
  );
  expect(withdrawn.revokeStoryGift).toEqual({ __typename: 'BaseError', message: 'You have no such gift.' });

  // A Standard member asks for a premium case study's PDF.
  await becomeLevel(page.context(), claims, 'Standard');
  const study = storiesWith('premium').find((s) => s.path.startsWith('/case-studies/'))!;
  const pdf = await graphql(
    page.request,
    `
      query ($id: ID!) {
        generatePdfViewerLink(articleId: $id) {
          __typename
          ... on UnauthorizedError {
            message
            requesterUserId
          }
        }
      }
    `,
    { id: await articleId(page.request, study.slug) },
  );
  expect(pdf.generatePdfViewerLink).toEqual({
    __typename: 'UnauthorizedError',
    message: 'The PDF report is for members with access to this case study.',
    requesterUserId: claims.user_id,
  });

  // The same member, a premium story their membership does not include.
  const notIncluded = (await graphql(page.request, GIFT, { id: await articleId(page.request, premium.slug) }))
    .createStoryGift;
  expect(notIncluded).toEqual({
    __typename: 'BaseError',
    message: 'You can gift stories your membership includes, and this one is not part of it.',
  });
});

test('a gift past the monthly allowance is refused in the gift dialog, saying when gifts come back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const claims = await newReader(page, 'refusals-gift-limit');
  await becomeLevel(page.context(), claims, 'Premium');
  const stories = storiesWith('members');
  // Ten gifts this month: the allowance.
  for (const story of stories.slice(0, 10)) {
    const id = await articleId(page.request, story.slug);
    const gift = (await graphql(page.request, GIFT, { id })).createStoryGift as { __typename: string };
    expect(gift.__typename).toBe('StoryGift');
  }

  await page.goto(stories[10]!.path);
  await page.getByRole('button', { name: 'Gift this story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gift this story' });
  await expect(dialog).toContainText(
    'You have gifted 10 stories this month. New gifts are available on the 1st.',
  );
  await expect(dialog).not.toContainText(UNEXPECTED);
  await expect(dialog.getByLabel('Gift link')).toHaveCount(0);
});

test('an upgrade whose price changed since it was shown is refused with the new price, and nothing changes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await newReader(page, 'refusals-upgrade');
  // Standard with its free trial: an upgrade during the trial is due £0.00 today.
  await page.goto(
    '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=GBP',
  );
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL('**/user/welcome/**', { timeout: 60_000 });

  await page.goto('/subscriptions/upgrade/');
  await page.getByRole('link', { name: 'Review upgrade to Premium' }).click();
  await expect(page.getByTestId('upgrade-due-today')).toHaveText('£0.00');
  const pay = page.getByRole('button', { name: 'Upgrade to Premium' });
  await expect(pay).toBeEnabled();

  // Meanwhile the trial ends: the upgrade now costs the rest of the year of Premium, less Standard's.
  const clock = await page.request.post(`${e2eBase}/api/billing-simulator/clock/`, {
    data: { command: 'advance', days: 40 },
  });
  expect(clock.ok()).toBe(true);

  await pay.click();
  const alert = page.getByRole('alert').filter({ hasText: 'price of this upgrade' });
  await expect(alert).toContainText(
    /The price of this upgrade is now £[\d,]+\.\d\d\. Please review it and confirm again\./,
  );
  await expect(page.locator('main')).not.toContainText(UNEXPECTED);
  await page.goto('/user/membership/');
  await expect(page.getByTestId('membership-plan')).toHaveText('Standard');
});
