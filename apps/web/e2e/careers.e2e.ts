import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { readerCookies, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';
import { demoJobs } from '../../../packages/api/src/modules/jobs/demo-jobs';

// The careers board: a reader filters the demo jobs, opens one (JobPosting data), saves it and creates an
// alert from the search, and finds both on /careers/your-jobs/. An organisation's owner posts a listing
// from the account; it is not on the board until a newsroom admin approves it on the approvals page,
// then it is, and on the organisation's page.

const APPROVER = 'careers-approver@example.org'; // a newsroom admin by configuration (playwright.config.ts)
const rand = () => Math.random().toString(36).slice(2, 8);

async function graphql(page: Page, query: string, variables: Record<string, unknown>) {
  const response = await page.request.post('/api/graphql/', {
    data: { query, variables },
    headers: { 'content-type': 'application/json' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { data?: Record<string, Record<string, unknown>>; errors?: unknown };
}

async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  // Kept in the test's output folder as well, to look at after a passing run.
  const body = await page.screenshot({ fullPage: true, path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(name, { body, contentType: 'image/png' });
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

async function reader(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await registerWithCode(page, email);
  return page;
}

test('a reader filters jobs, saves one and creates an alert', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/careers/');
  await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Featured jobs' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Employers hiring' })).toBeVisible();
  await checkPage(page, testInfo, 'careers');

  await registerWithCode(page, freshEmail('careers-reader'));
  await page.goto('/careers/');
  const search = page.getByRole('search', { name: 'Search jobs' });
  await search.getByLabel('Job function').selectOption('design');
  await search.getByLabel('Workplace').selectOption('HYBRID');
  await search.getByRole('button', { name: 'Search jobs' }).click();
  await expect(page).toHaveURL(/function=design/);
  await expect(page.getByRole('heading', { level: 2, name: 'Matching jobs' })).toBeVisible();
  const cards = page.getByTestId('job-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toMatch(/Hybrid · .* · Design/);
  await checkPage(page, testInfo, 'careers-filtered');

  // The alert from this search.
  await page.getByRole('button', { name: 'E-mail me new jobs like these' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert saved' })).toContainText('Design · Hybrid');

  // Open the first listing: JobPosting data, the apply link, and saving it.
  const title = (await cards.first().getByRole('heading').textContent())!.replace(/Featured$/, '').trim();
  await cards.first().getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(jsonLd).toMatchObject({ '@type': 'JobPosting', title });
  await page.getByRole('button', { name: `Save: ${title}` }).click();
  await expect(page.getByRole('button', { name: `Saved: ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await checkPage(page, testInfo, 'job');

  await page.goto('/careers/your-jobs/');
  await expect(
    page.getByRole('region', { name: 'Saved jobs' }).getByRole('link', { name: title }),
  ).toBeVisible();
  await expect(page.getByTestId('job-alerts')).toContainText('Design · Hybrid');
  await checkPage(page, testInfo, 'your-jobs');
});

test('an employer posts a listing that appears after a newsroom admin approves it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const ownerEmail = freshEmail('careers-employer');
  await registerWithCode(page, ownerEmail);
  const accountTitle = `Maison Carrière ${rand()}`;

  // An admin grants the owner a Partner membership; the owner creates and publishes its profile.
  const admin = await reader(browser, freshEmail('careers-bof-admin'));
  const cookies = await readerCookies({
    ...((await sessionClaims(admin)) as ReaderClaims),
    is_bof_admin: true,
  });
  await admin
    .context()
    .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: e2eBase })));
  const granted = await graphql(
    admin,
    `
      mutation ($input: GrantPartnerMembershipInput!) {
        grantPartnerMembership(input: $input) {
          __typename
          ... on OrganisationAccount {
            accountId
          }
        }
      }
    `,
    {
      input: {
        title: accountTitle,
        ownerEmail,
        membershipLevel: 'Standard',
        seats: 2,
        endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    },
  );
  const accountId = granted.data?.grantPartnerMembership?.accountId as string;
  expect(accountId).toBeTruthy();
  await admin.context().close();
  const slug = `maison-carriere-${rand()}`;
  const created = await graphql(
    page,
    `
      mutation ($input: UpdateOrganisationProfileInput!) {
        updateOrganisationProfile(input: $input) {
          __typename
          ... on OrganisationProfile {
            profileId
            version
          }
        }
      }
    `,
    { input: { accountId, version: 0, profile: { slug, title: accountTitle } } },
  );
  const profile = created.data?.updateOrganisationProfile as { profileId: string; version: number };
  const published = await graphql(
    page,
    `
      mutation ($input: PublishProfileInput!) {
        publishOrganisationProfile(input: $input) {
          __typename
        }
      }
    `,
    { input: { profileId: profile.profileId, version: profile.version } },
  );
  expect(published.data?.publishOrganisationProfile?.__typename).toBe('OrganisationProfile');

  // The owner posts a listing; a javascript: apply address is refused first, nothing sent.
  const jobTitle = `Atelier Tailor ${rand()}`;
  await page.goto('/user/organisations/jobs/');
  await expect(page.getByRole('heading', { level: 2, name: 'Post a job' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Post a job' });
  await form.getByLabel('Job title').fill(jobTitle);
  await form.getByLabel('Location').fill('Lyon');
  await form.getByLabel('Workplace').selectOption('ON_SITE');
  await form.getByLabel('Job function').selectOption('sourcing-and-production');
  await form.getByLabel('Industry').selectOption('luxury');
  await form.getByLabel('Level').selectOption('associate');
  await form
    .getByLabel('Closing date')
    .fill(new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('From').fill('36000');
  await form.getByLabel('To').fill('30000');
  await form.getByLabel('Currency').selectOption('EUR');
  await form
    .getByLabel('Description')
    .fill('Make and alter tailored pieces in our Lyon atelier.\n\nYou know your way around a canvas.');
  await form.getByLabel('Application web address').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(form.getByText('Enter a web address starting with https:// or http://.')).toBeVisible();
  await expect(form.getByText('The lowest salary cannot be higher than the highest.')).toBeVisible();
  await checkPage(page, testInfo, 'employer-form-errors');
  await form.getByLabel('To').fill('42000');
  await form.getByLabel('Application web address').fill('https://maison-carriere.example.com/apply');
  await form.getByRole('button', { name: 'Send for review' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'your listing is with our newsroom' }),
  ).toBeVisible();
  await expect(page.getByTestId('employer-jobs')).toContainText(`${jobTitle}`);
  await expect(page.getByTestId('employer-jobs')).toContainText('Awaiting approval');
  await checkPage(page, testInfo, 'employer-jobs');

  await page.goto(`/careers/?q=${encodeURIComponent(jobTitle)}`);
  await expect(page.getByText(/No open jobs match/)).toBeVisible();

  // A newsroom admin approves it.
  const approver = await reader(browser, APPROVER);
  await approver.goto('/newsroom/approvals/');
  const item = approver.getByTestId('job-approvals').getByRole('listitem').filter({ hasText: jobTitle });
  await expect(item).toBeVisible();
  await checkPage(approver, testInfo, 'approvals-jobs');
  await item.getByRole('button', { name: `Approve ${jobTitle}` }).click();
  await expect(approver.getByText('Approved: it is on the careers board.')).toBeVisible();
  await approver.context().close();

  await page.goto(`/careers/?q=${encodeURIComponent(jobTitle)}`);
  await page.getByRole('link', { name: jobTitle }).click();
  await expect(page.getByRole('heading', { level: 1, name: jobTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: /Apply on the employer’s site/ })).toHaveAttribute(
    'href',
    'https://maison-carriere.example.com/apply',
  );
  await page.goto(`/organisations/${slug}/`);
  await expect(page.getByRole('region', { name: `Jobs at ${accountTitle}` })).toContainText(jobTitle);
});

test('a listing closed over 30 days ago answers 410, a recently closed one its page', async ({ request }) => {
  // The demo listings' dates count from the seed's run, at the server's start.
  const now = Date.now();
  const jobs = demoJobs(new Date(now));
  const gone = jobs.filter((j) => j.closesAt.getTime() < now - 31 * 86_400_000);
  const closed = jobs.filter(
    (j) => j.closesAt.getTime() < now && j.closesAt.getTime() > now - 29 * 86_400_000,
  );
  expect(gone.length).toBeGreaterThan(0);
  for (const job of gone) {
    const response = await request.get(`/careers/${job.slug}/`);
    expect(response.status()).toBe(410);
    expect(await response.text()).toContain('This job listing has been removed');
  }
  const recent = await request.get(`/careers/${closed[0]!.slug}/`);
  expect(recent.status()).toBe(200);
  expect(await recent.text()).toContain('no longer takes applications');
  expect((await request.get('/careers/no-such-job-00000000/')).status()).toBe(404);
});
