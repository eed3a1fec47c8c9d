import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storiesWith, type DemoStory } from './support/demo-stories';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import { answerConsent, completeDetails, registerWithCode } from './support/identity-journeys';
import { becomePremiumMember } from './support/membership';
import { e2eBase } from './support/site';

// Walls and meter on the defaults: 2 free gated stories for anonymous readers, 3 more once registered.

const members = storiesWith('members');
const registered = storiesWith('registered');
const premium = storiesWith('premium').filter((s) => s.path.startsWith('/articles/'));
const topic = storiesWith('topic:beauty');
const wall = (page: Page) => page.locator('aside[data-wall]');

/** Navigates inside the app (a client-side transition), as a reader following a link does. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate(
    (to) => (window as unknown as { next: { router: { push(p: string): void } } }).next.router.push(to),
    path,
  );
  await page.waitForURL(`**${path}`);
  await expect(page.locator('article#story h1')).toBeVisible();
}

/** Every response the product gives about a story outside its page: GraphQL, its topics' RSS, sitemaps. */
async function otherResponses(request: APIRequestContext, story: DemoStory): Promise<string[]> {
  const graphql = await request.post(`${e2eBase}/api/graphql/`, {
    data: {
      query: `{ article(slug: "${story.slug}") { id slug headline standfirst access kind url wordCount topics { slug } } }`,
    },
  });
  const feeds = await Promise.all(story.topics.map((t) => request.get(`${e2eBase}/topics/${t}/feed.xml`)));
  const sitemap = await request.get(`${e2eBase}/sitemap.xml`);
  return [await graphql.text(), ...(await Promise.all(feeds.map((f) => f.text()))), await sitemap.text()];
}

test('anonymous: two gated stories, then the registration wall; registered: three more, then the pay wall', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [first, second, third, fourth, fifth, sixth] = members;
  await page.goto(first!.path);
  await answerConsent(page);
  await expect(page.locator('.story-gated')).toContainText(first!.sentinel);
  await page.goto(second!.path);
  await expect(page.locator('.story-gated')).toContainText(second!.sentinel);
  // Reading a counted story again costs nothing.
  await page.goto(first!.path);
  await expect(wall(page)).toHaveCount(0);

  await page.goto(third!.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'registration');
  await expect(page.getByRole('heading', { name: 'Keep reading for free' })).toBeVisible();
  expect(await page.content()).not.toContain(third!.sentinel);

  // Sign up from the wall, and come back to the story.
  const email = freshEmail('walls');
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Reader');
  await page.getByRole('button', { name: 'Sign up with code' }).click();
  await page.getByLabel('Registration code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/one-more-step\//);
  await completeDetails(page);
  await expect(page).toHaveURL(`${e2eBase}${third!.path}`);
  await expect(page.locator('.story-gated')).toContainText(third!.sentinel);

  // Stories for registered readers open without counting.
  await page.goto(registered[0]!.path);
  await expect(page.locator('.story-gated')).toContainText(registered[0]!.sentinel);

  for (const story of [fourth!, fifth!]) {
    await page.goto(story.path);
    await expect(page.locator('.story-gated')).toContainText(story.sentinel);
  }
  await page.goto(sixth!.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'paywall');
  await expect(page.getByRole('link', { name: 'See memberships' })).toHaveAttribute(
    'href',
    '/subscriptions/packages/',
  );
  expect(await page.content()).not.toContain(sixth!.sentinel);
});

test('the gated part of a story reaches a reader without access in no response', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Every RSC payload of the journey, read as the browser received it.
  const payloads: string[] = [];
  const capture = async (p: Page) =>
    p.route(/_rsc=/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      payloads.push(body);
      await route.fulfill({ response, body });
    });

  // An anonymous reader whose free stories are spent.
  await capture(page);
  await page.goto(registered[1]!.path);
  await answerConsent(page);
  await page.goto(registered[2]!.path);
  const anonymous = [registered[3]!, members[7]!, premium[0]!, topic[0]!];

  // A registered reader without a membership: premium stories and topic packages stay closed.
  const other = await browser.newPage();
  await capture(other);
  await registerWithCode(other, freshEmail('leaks'));
  const member = [premium[1]!, topic[1]!];

  for (const [reader, stories] of [
    [page, anonymous],
    [other, member],
  ] as const) {
    for (const story of stories) {
      payloads.length = 0;
      await reader.goto('/');
      await navigateInApp(reader, story.path);
      await expect(wall(reader)).toBeVisible();
      expect(payloads.length, 'the story came as an RSC payload').toBeGreaterThan(0);
      for (const payload of payloads) expect(payload).not.toContain(story.sentinel);
      await reader.reload();
      await expect(wall(reader)).toBeVisible();
      expect(await reader.content()).not.toContain(story.sentinel);
      const html = await (await reader.request.get(story.path)).text();
      expect(html).toContain('isAccessibleForFree');
      expect(html).not.toContain(story.sentinel);
      for (const body of await otherResponses(reader.request, story))
        expect(body).not.toContain(story.sentinel);
    }
  }
  await other.close();
});

test('a case study PDF is for entitled readers only', async ({ request }) => {
  const study = storiesWith('premium').find((s) => s.path.startsWith('/case-studies/'))!;
  const response = await request.get(`${study.path}report.pdf`, { maxRedirects: 0 });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe(`${e2eBase}${study.path}`);
});

test('the walls work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const story of members.slice(8, 10)) await page.goto(story.path);
  await page.goto(members[10]!.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'registration');
  await page.getByRole('link', { name: 'Create a free account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await context.close();
});

test('a member gifts a story, a fresh browser reads all of it, and the link stops working once withdrawn', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A premium story: without the gift, nobody but a premium member reads it (no meter).
  const story = premium[2]!;
  await becomePremiumMember(page, 'giver');
  await page.goto(story.path);
  await page.getByRole('button', { name: 'Gift this story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Gift this story' });
  await expect(dialog.getByLabel('Gift link')).toHaveValue(/\?gift=/);
  const link = await dialog.getByLabel('Gift link').inputValue();
  await expect(dialog).toContainText('You can gift 9 more stories this month.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  const friend = await browser.newContext();
  const reader = await friend.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('status').filter({ hasText: 'has gifted you this story' })).toBeVisible();
  await expect(reader.locator('.story-gated')).toContainText(story.sentinel);
  await expect(wall(reader)).toHaveCount(0);

  await page.goto('/user/account/#gifts');
  const gifts = page.locator('#gifts');
  await expect(gifts).toContainText('1 of 10 readers');
  await gifts.getByRole('button', { name: /Withdraw the gift link/ }).click();
  await expect(gifts.getByRole('status')).toContainText('no longer opens the story');
  await expect(gifts).toContainText('Withdrawn');

  await reader.reload();
  await expect(reader.getByRole('alert').filter({ hasText: 'no longer active' })).toBeVisible();
  await expect(wall(reader)).toHaveAttribute('data-wall', 'paywall');
  expect(await reader.content()).not.toContain(story.sentinel);
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole('alert').filter({ hasText: 'no longer active' })).toBeVisible();
  await friend.close();
});
