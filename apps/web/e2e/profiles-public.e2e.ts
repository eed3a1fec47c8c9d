import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { answerConsent, registerWithCode, sessionClaims } from './support/identity-journeys';
import { freshEmail } from './support/identity-mail';
import { becomeLevel, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';
import {
  demoId,
  demoOrganisations,
  demoPeople,
} from '../../../packages/api/src/modules/profiles/demo-profiles';

// The public side of people and organisation profiles: the directories and their filters (without
// JavaScript too), a demo person's page and the organisations it links, a PREMIUM profile's wall for
// readers who are not members, SEO profiles' JSON-LD, the BoF 500 search as you type, axe at phone and
// desktop widths, and drafts kept from anyone who is not their editor.

const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';

/** The profile_viewed events the collector acknowledged, with their data. */
function watchProfileViews(page: Page): Record<string, unknown>[] {
  const views: Record<string, unknown>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data) {
      if (event.e !== 'ue' || !event.ue_pr) continue;
      const { data } = JSON.parse(event.ue_pr) as { data: { schema: string; data: Record<string, unknown> } };
      if (data.schema.startsWith('iglu:com.bof/profile_viewed/')) views.push(data.data);
    }
  });
  return views;
}

const organisations = demoOrganisations([]);
const premium = organisations.find((o) => o.doc.format === 'PREMIUM' && o.doc.premiumDescription)!;
const seo = organisations.find((o) => o.doc.format === 'SEO')!;
const plain = organisations.find((o) => o.doc.format === 'DEFAULT')!;
const people = demoPeople();
const person = people[7]!;
const personName = `${person.doc.firstName} ${person.doc.lastName}`;
/** The words only the premium description has. */
const premiumWords = 'plans its next decade';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function axeClean(page: Page) {
  // meta-viewport is excluded on purpose: spec §1 fixes maximum-scale=1 (docs/adr/0002-viewport-maximum-scale.md).
  const results = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

test('the people directory filters by category with a plain form, and pages', async ({ page }) => {
  await page.goto('/people/');
  await answerConsent(page);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  const form = page.getByRole('search', { name: 'Filter the directory' });
  await form.getByLabel('Category').selectOption('photographers');
  await form.getByRole('button', { name: 'Show results' }).click();
  await expect(page).toHaveURL(/\/people\/\?.*category=photographers/);
  const results = page.getByRole('region', { name: 'People matching your filters' }).getByRole('article');
  await expect(results.first()).toBeVisible();
  for (const text of await results.allInnerTexts()) expect(text).toContain('Photographers');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/\/people\/\?category=photographers&page=2$/);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 2');

  await page.goto('/people/?name=zzzzqx');
  await expect(page.getByRole('status')).toContainText('No one matches these filters.');
  await page.goto('/people/?category=not-a-category');
  await expect(page.getByRole('status').first()).toContainText('not a category we know');
  expect((await page.goto('/people/?page=0'))!.status()).toBe(404);
});

test('the organisations directory shows the featured ones and filters by type and country', async ({
  page,
}) => {
  await page.goto('/organisations/');
  await answerConsent(page);
  await expect(page.getByRole('region', { name: 'Featured' }).getByRole('article').first()).toBeVisible();
  const form = page.getByRole('search', { name: 'Filter the directory' });
  await form.getByLabel('Country').selectOption(plain.doc.headquarters.country!);
  await form.getByLabel('Name').fill(plain.doc.title.split(' ').at(-1)!.slice(0, 4));
  await form.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByRole('region', { name: 'Featured' })).toHaveCount(0);
  const results = page.getByRole('region', { name: 'Organisations matching your filters' });
  await expect(results.getByRole('link', { name: plain.doc.title })).toBeVisible();
  await results.getByRole('link', { name: plain.doc.title }).click();
  await expect(page).toHaveURL(new RegExp(`/organisations/${plain.doc.slug}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain.doc.title);
});

test('a demo person’s page shows their career, badges and links, and counts a profile view', async ({
  page,
}) => {
  const views = watchProfileViews(page);
  await page.goto(`/people/${person.doc.slug}/`);
  await answerConsent(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(personName);
  await expect(page.getByRole('list', { name: 'Badges' }).getByRole('link').first()).toContainText('BoF 500');
  const career = page.getByRole('region', { name: 'Career' });
  await expect(career.getByRole('listitem')).toHaveCount(person.doc.careers.length);
  await expect(page.getByRole('button', { name: /Follow/ })).toBeVisible();
  await expect
    .poll(() => views)
    .toContainEqual({ profileId: demoId('person', 7), profileType: 'people', profileLevel: 'basic' });
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  await career.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/organisations\/[a-z0-9-]+\/$/);
  await expect(page.getByRole('complementary').getByRole('region', { name: 'Key people' })).toBeVisible();
  await expect.poll(() => views.map((v) => v.profileType)).toContain('org');
  expect((await page.goto('/people/no-such-person-here/'))!.status()).toBe(404);
});

test('a PREMIUM profile keeps its premium description from readers who are not members', async ({
  page,
  browser,
}) => {
  // Signing a reader up takes a while on a busy machine.
  test.setTimeout(180_000);
  const path = `/organisations/${premium.doc.slug}/`;
  const response = await page.goto(path);
  await answerConsent(page);
  const wall = page.getByRole('complementary', { name: 'The in-depth profile is for members' });
  await expect(wall).toBeVisible();
  await expect(wall.getByRole('link', { name: 'See memberships' })).toHaveAttribute(
    'href',
    '/subscriptions/packages/',
  );
  await expect(wall.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    /\/user\/login\/\?return_to=/,
  );
  expect(await response!.text()).not.toContain(premiumWords);
  await axeClean(page);

  // A registered reader without a membership is asked to join; a member reads it.
  const reader = await browser.newPage();
  await registerWithCode(reader, freshEmail('profiles-public-reader'), { completeDetails: false });
  await reader.goto(path);
  await expect(
    reader.getByRole('complementary', { name: 'The in-depth profile is for members' }),
  ).toContainText('Become a member');
  expect(await reader.content()).not.toContain(premiumWords);
  await becomeLevel(reader.context(), (await sessionClaims(reader)) as ReaderClaims, 'Standard');
  await reader.goto(path);
  await expect(reader.getByTestId('premium-description')).toContainText(premiumWords);
  await expect(
    reader.getByRole('complementary', { name: 'The in-depth profile is for members' }),
  ).toHaveCount(0);
  await reader.close();
});

test('SEO profiles are indexable with JSON-LD; other profiles are not indexed', async ({ page }) => {
  await page.goto(`/organisations/${seo.doc.slug}/`);
  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  ) as Record<string, unknown>;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: seo.doc.title,
  });
  expect(await page.locator('meta[name="robots"]').count()).toBe(0);
  await page.goto(`/organisations/${plain.doc.slug}/`);
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  // Outside links are marked as the profile's, not the site's.
  await expect(page.getByRole('region', { name: 'Web' }).getByRole('link').first()).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
});

test('the BoF 500 search finds a name prefix as you type, and works as a plain form', async ({ page }) => {
  const target = people[42]!;
  const prefix = target.doc.lastName.slice(0, 4);
  await page.goto('/bof500/search/');
  await answerConsent(page);
  const results = page.getByTestId('bof500-results');
  await expect(results).toContainText('Type the start of a name');
  await page.getByLabel('Name').pressSequentially(prefix, { delay: 40 });
  await expect(
    results.getByRole('link', { name: `${target.doc.firstName} ${target.doc.lastName}` }).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bof500/search/\\?name=${prefix}$`));
  for (const name of await results.getByRole('link').allInnerTexts())
    expect(name.split(' ').some((part) => part.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
  await page.getByLabel('Name').fill('zzzzqx');
  await expect(results).toContainText('No one in the BoF 500 matches this search.');

  // Without JavaScript the server answers the same form.
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plainPage = await context.newPage();
  await plainPage.goto(`/bof500/search/?name=${prefix}`);
  await expect(
    plainPage
      .getByTestId('bof500-results')
      .getByRole('link', { name: `${target.doc.firstName} ${target.doc.lastName}` })
      .first(),
  ).toBeVisible();
  await context.close();
});

test('the BoF 500 index lists a year by category', async ({ page }) => {
  await page.goto('/bof500/?year=2024&category=media');
  await answerConsent(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The BoF 500, 2024');
  await expect(
    page.getByRole('navigation', { name: 'Years' }).getByRole('link', { name: '2024' }),
  ).toHaveAttribute('aria-current', 'page');
  const media = page.getByRole('region', { name: /^Media/ });
  await expect(media.getByRole('listitem').first()).toContainText('BoF 500 2024 · Media');
  expect((await page.goto('/bof500/?year=1800'))!.status()).toBe(404);
});

for (const [label, viewport] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test(`profile, directory and BoF 500 pages are axe-clean on ${label}`, async ({ page }) => {
    // Seven pages, each checked by axe: slow on a busy machine.
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await page.goto('/');
    await answerConsent(page);
    for (const path of [
      `/people/${person.doc.slug}/`,
      `/organisations/${seo.doc.slug}/`,
      `/organisations/${organisations.find((o) => o.projects.length > 1)!.doc.slug}/`,
      '/people/',
      '/organisations/',
      '/bof500/',
      `/bof500/search/?name=${people[3]!.doc.firstName.slice(0, 3)}`,
    ]) {
      await page.goto(path);
      await axeClean(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
  });
}

test('a draft preview is for its editors only', async ({ page }) => {
  test.setTimeout(180_000);
  const preview = `/_preview/people/?profileId=${demoId('person', 7)}`;
  const redirect = await page.request.get(preview, { maxRedirects: 0 });
  expect([303, 307]).toContain(redirect.status());
  const login = new URL(redirect.headers().location!, e2eBase);
  expect(login.pathname).toBe('/user/login/');
  expect(login.searchParams.get('return_to')).toBe(`${e2eBase}${preview}`);
  await page.goto(preview);
  await expect(page).toHaveURL(/\/user\/login\//);

  await registerWithCode(page, freshEmail('profiles-public-stranger'), { completeDetails: false });
  const response = await page.goto(preview);
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
  expect((await page.goto(`/_preview/organisations/?profileId=${demoId('organisation', 0)}`))!.status()).toBe(
    404,
  );
  expect((await page.goto('/_preview/organisations/?profileId=not-an-id'))!.status()).toBe(404);
});
