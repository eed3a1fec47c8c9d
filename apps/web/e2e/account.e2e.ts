import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';
import { e2eBase } from './support/site';

/** The reader's saved details, asked of the GraphQL API with the browser's own session cookies. */
async function savedDetails(request: APIRequestContext) {
  const response = await request.post(`${e2eBase}/api/graphql/`, {
    data: {
      query:
        '{ viewer { ... on Viewer { userData { firstName lastName country jobLevel organisationTitle } } } }',
    },
  });
  const body = (await response.json()) as {
    data: { viewer: { userData: Record<string, string | null> | null } };
  };
  return body.data.viewer.userData;
}

test('signed out, the account pages ask the reader to sign in', async ({ page }) => {
  for (const path of ['/user/account/', '/user/one-more-step/']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toBeVisible();
  }
});

test('one-more-step reports every missing field at once, then saves them all', async ({ page, context }) => {
  await registerWithCode(page, freshEmail('details'), { completeDetails: false });
  await page.goto('/user/one-more-step/?flow=newsletters&return_to=https://evil.example/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('One more step to your newsletters');
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations).toEqual([]);

  // The registration name is filled in; cleared, every field is missing.
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('First name').fill('');
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Continue to newsletters' }).click();
  for (const text of [
    'Enter your first name.',
    'Enter your last name.',
    'Choose a country from the list.',
    'Choose a job function from the list.',
    'Choose an industry from the list.',
    'Choose a job level from the list.',
    'Enter your organisation.',
  ])
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  expect(await savedDetails(context.request)).toMatchObject({ firstName: 'Ada', country: null });

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Country').selectOption({ label: 'Nigeria' });
  await page.getByLabel('Job function').selectOption({ index: 1 });
  await page.getByLabel('Industry').selectOption({ index: 1 });
  await page.getByLabel('Job level').selectOption({ index: 1 });
  await page.getByLabel('Organisation').fill('Lagos Fashion Week');
  await page.getByRole('button', { name: 'Continue to newsletters' }).click();
  await expect
    .poll(() => savedDetails(context.request))
    .toMatchObject({
      firstName: 'Ada',
      lastName: 'Okafor',
      country: 'NG',
      organisationTitle: 'Lagos Fashion Week',
    });
});

test('the account page edits personal details and keeps what was typed on a server refusal', async ({
  page,
  context,
}) => {
  await registerWithCode(page, freshEmail('account'));
  await page.goto('/user/account/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account');
  await expect(page.getByRole('heading', { name: 'Where you are signed in' })).toBeVisible();

  await page.getByLabel('First name').fill('Grace <b>');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your first name cannot contain < > or control characters.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace <b>');

  await page.getByLabel('First name').fill('Grace');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details are saved.' })).toBeVisible();
  expect(await savedDetails(context.request)).toMatchObject({
    firstName: 'Grace',
    lastName: 'Hopper',
  });

  await page.setViewportSize({ width: 320, height: 640 });
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
