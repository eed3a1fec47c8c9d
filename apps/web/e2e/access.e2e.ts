import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from './support/test';
import { storiesWith, type DemoStory } from './support/demo-stories';
import { everyField } from './support/graphql-selection';
import { freshEmail } from './support/identity-mail';
import {
  answerConsent,
  completeDetails,
  registerWithCode,
  sessionClaims,
  signUpFromWall,
} from './support/identity-journeys';
import { becomePremiumMember } from './support/membership';
import { becomeLevel, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';

// Walls and meter on the defaults: 2 free gated stories for anonymous readers, 3 more once registered.

const members = storiesWith('members');
const registered = storiesWith('registered');
const premium = storiesWith('premium').filter((s) => s.path.startsWith('/articles/'));
const caseStudies = storiesWith('premium').filter((s) => s.path.startsWith('/case-studies/'));
const topic = storiesWith('topic:beauty');
const wall = (page: Page) => page.locator('aside[data-wall]');
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Navigates inside the app (a client-side transition), as a reader following a link does. */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate(
    (to) => (window as unknown as { next: { router: { push(p: string): void } } }).next.router.push(to),
    path,
  );
  await page.waitForURL(`**${path}`);
  await expect(page.locator('article#story h1')).toBeVisible();
}

/** Every story sitemap the sitemap index lists, and the index itself. */
async function sitemaps(request: APIRequestContext): Promise<string[]> {
  const index = await (await request.get(`${e2eBase}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(
    files.some((f) => /\/sitemaps\/stories-\d+\.xml$/.test(f)),
    'the index lists story sitemaps',
  ).toBe(true);
  return [index, ...(await Promise.all(files.map(async (file) => (await request.get(file)).text())))];
}

/**
 * Every response the product gives about a story outside its page: GraphQL (every field of the story's
 * type, as the printed schema has them), the RSS feeds of its topics and of its section, and every sitemap.
 */
async function otherResponses(request: APIRequestContext, story: DemoStory): Promise<string[]> {
  const graphql = await request.post(`${e2eBase}/api/graphql/`, {
    data: {
      query: `query ($slug: String!) { article(slug: $slug) ${everyField('Story')} }`,
      variables: { slug: story.slug },
    },
  });
  const body = await graphql.text();
  expect(body, 'GraphQL answered the story').toContain(story.slug);
  const feeds = await Promise.all(
    [...story.topics.map((t) => `/topics/${t}/feed.xml`), `/articles/${story.section}/feed.xml`].map(
      async (feed) => {
        const response = await request.get(`${e2eBase}${feed}`);
        expect(response.status(), feed).toBe(200);
        return response.text();
      },
    ),
  );
  return [body, ...feeds, ...(await sitemaps(request))];
}

/** What a case study holds beyond its body for the readers it opens to: the glossary and the PDF link. */
function secretsOf(story: DemoStory): string[] {
  return [story.sentinel, ...(story.glossary ? [story.glossary] : [])];
}

/**
 * Checks that a reader without access meets the wall and that the story's gated text reaches them in no
 * response: the RSC payload of an in-app navigation, the page's HTML, GraphQL, feeds and sitemaps; for a
 * case study, neither the glossary nor a PDF link either, and the PDF itself sends them to the page.
 */
async function expectNoLeak(reader: Page, story: DemoStory, payloads: string[]) {
  payloads.length = 0;
  await reader.goto('/');
  await navigateInApp(reader, story.path);
  await expect(wall(reader)).toBeVisible();
  expect(payloads.length, 'the story came as an RSC payload').toBeGreaterThan(0);
  for (const payload of payloads)
    for (const secret of secretsOf(story)) expect(payload).not.toContain(secret);
  await reader.reload();
  await expect(wall(reader)).toBeVisible();
  const html = await reader.content();
  for (const secret of secretsOf(story)) expect(html).not.toContain(secret);
  expect(html).not.toContain('report.pdf');
  const fetched = await (await reader.request.get(story.path)).text();
  expect(fetched).toContain('isAccessibleForFree');
  for (const secret of secretsOf(story)) expect(fetched).not.toContain(secret);
  for (const body of await otherResponses(reader.request, story))
    for (const secret of secretsOf(story)) expect(body).not.toContain(secret);
  if (story.path.startsWith('/case-studies/')) {
    const pdf = await reader.request.get(`${story.path}report.pdf`, { maxRedirects: 0 });
    expect(pdf.status()).toBe(303);
  }
}

/**
 * Keeps every RSC payload a page receives, as the browser received it. A fetch on a kept-alive connection
 * the server closed at that moment is tried again, as the browser does itself.
 */
async function capture(page: Page, payloads: string[]) {
  await page.route(/_rsc=/, async (route) => {
    const response = await route.fetch().catch((error: Error) => {
      if (!/ECONNRESET|socket hang up/.test(error.message)) throw error;
      return route.fetch();
    });
    const body = await response.text();
    payloads.push(body);
    await route.fulfill({ response, body });
  });
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
  await signUpFromWall(page, email, third!.path);
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
  await expect(
    page.getByRole('heading', { name: 'You have reached your free stories for this month' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See memberships' })).toHaveAttribute(
    'href',
    '/subscriptions/packages/',
  );
  // The plans that open the story, with their prices, each to its payment page.
  const plans = wall(page).getByRole('region', { name: 'Memberships that include this story' });
  await expect(plans.getByRole('link', { name: 'Standard' })).toHaveAttribute(
    'href',
    /\/subscriptions\/individuals\/payment\/\?plan=individuals_standard_yearly_trial_v1&currency=/,
  );
  await expect(plans).toContainText('a year');
  expect(await page.content()).not.toContain(sixth!.sentinel);
  // Deleting the paywall session cookie gives no fresh meter: the server has the reads.
  await page.context().clearCookies({ name: 'bof_paywall_session' });
  await page.goto(members[6]!.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'paywall');
  expect(await page.content()).not.toContain(members[6]!.sentinel);
});

test('the gated part of a story reaches an anonymous or registered reader without access in no response', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const payloads: string[] = [];

  // An anonymous reader whose free stories are spent.
  await capture(page, payloads);
  await page.goto(registered[1]!.path);
  await answerConsent(page);
  await page.goto(registered[2]!.path);

  // A registered reader without a membership: premium stories, case studies and topic packages stay closed.
  const other = await browser.newPage();
  await capture(other, payloads);
  await registerWithCode(other, freshEmail('leaks'));

  for (const [reader, stories] of [
    [page, [registered[3]!, members[7]!, premium[0]!, topic[0]!, caseStudies[0]!]],
    [other, [premium[1]!, topic[1]!, caseStudies[1]!]],
  ] as const)
    for (const story of stories) await expectNoLeak(reader, story, payloads);
  await other.close();
});

test('the gated part of a story reaches a member whose membership does not include it in no response', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const payloads: string[] = [];
  const page = await browser.newPage();
  await capture(page, payloads);
  await registerWithCode(page, freshEmail('levels'));
  const claims = (await sessionClaims(page)) as ReaderClaims;

  // Standard: not premium stories, not case studies (nor their glossary or PDF).
  await becomeLevel(page.context(), claims, 'Standard');
  for (const story of [premium[3]!, caseStudies[2]!]) await expectNoLeak(page, story, payloads);
  await expect(page.getByRole('heading', { name: 'Upgrade to read this story' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade to read' })).toHaveAttribute(
    'href',
    '/subscriptions/upgrade/',
  );
  await expect(wall(page)).not.toContainText(/become a member|free stories/i);

  // Restricted: no members stories at all, and no meter.
  await becomeLevel(page.context(), claims, 'Restricted');
  await expectNoLeak(page, members[11]!, payloads);
  await expect(wall(page)).toHaveAttribute('data-wall-reason', 'restricted-membership');
  await expect(
    page.getByRole('heading', { name: 'Your membership does not include this story' }),
  ).toBeVisible();

  // TopicBeauty: beauty stories open; members stories only on the meter, closed once it is spent.
  await becomeLevel(page.context(), claims, 'TopicBeauty');
  await page.goto(topic[2]!.path);
  await expect(page.locator('.story-gated')).toContainText(topic[2]!.sentinel);
  for (const story of members.slice(0, 5)) {
    await page.goto(story.path);
    await expect(page.locator('.story-gated')).toContainText(story.sentinel);
  }
  await expectNoLeak(page, members[12]!, payloads);
  await expect(wall(page)).toHaveAttribute('data-wall-reason', 'registered-meter-exhausted');
  await expect(page.getByRole('link', { name: 'Upgrade to read' })).toBeVisible();
  await page.close();
});

test("a case study's PDF is for readers whose membership includes it", async ({ browser, request }) => {
  const study = caseStudies[0]!;
  const anonymous = await request.get(`${study.path}report.pdf`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(303);
  expect(anonymous.headers().location).toBe(`${e2eBase}${study.path}`);

  const page = await browser.newPage();
  await registerWithCode(page, freshEmail('pdf'));
  const claims = (await sessionClaims(page)) as ReaderClaims;
  await becomeLevel(page.context(), claims, 'Premium');
  await page.goto(study.path);
  await expect(page.locator('.story-gated')).toContainText(study.sentinel);
  await expect(page.locator('#story')).toContainText(study.glossary!);
  const link = page.getByRole('link', { name: 'Download the PDF report' });
  await expect(link).toHaveAttribute('href', `${study.path}report.pdf`);
  const pdf = await page.request.get(`${study.path}report.pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await page.close();
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

test('the pay wall works without JavaScript: its plans, prices and links', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(premium[0]!.path);
  await expect(wall(page)).toHaveAttribute('data-wall', 'paywall');
  await expect(page.getByRole('heading', { name: 'This story is for Premium members' })).toBeVisible();
  const plans = wall(page).getByRole('region', { name: 'Memberships that include this story' });
  await expect(plans.getByRole('listitem')).toHaveCount(1);
  await expect(plans).toContainText('£450.00');
  await expect(wall(page).getByRole('link', { name: 'Student membership' })).toHaveAttribute(
    'href',
    '/contact/student/',
  );
  await expect(wall(page).getByRole('link', { name: 'Memberships for teams' })).toHaveAttribute(
    'href',
    '/contact/professional/',
  );
  await expect(wall(page).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    /^\/user\/login\/\?return_to=/,
  );
  await plans.getByRole('link', { name: 'Premium' }).click();
  await expect(page).toHaveURL(
    /\/subscriptions\/individuals\/payment\/\?plan=individuals_premium_yearly_v1&currency=GBP$/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay for Premium');
  await page.goto(premium[0]!.path);
  await wall(page).getByRole('link', { name: 'See memberships' }).click();
  await expect(page).toHaveURL(/\/subscriptions\/packages\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your membership');
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

test('a gift link that does not open the story shows the wall and says why', async ({ browser }) => {
  test.setTimeout(180_000);
  const giverPage = await browser.newPage();
  await registerWithCode(giverPage, freshEmail('gifts'));
  await becomeLevel(giverPage.context(), (await sessionClaims(giverPage)) as ReaderClaims, 'Premium');
  const giftLink = async (story: DemoStory) => {
    await giverPage.goto(story.path);
    await giverPage.getByRole('button', { name: 'Gift this story' }).click();
    const dialog = giverPage.getByRole('dialog', { name: 'Gift this story' });
    await expect(dialog.getByLabel('Gift link')).toHaveValue(/\?gift=/);
    const url = await dialog.getByLabel('Gift link').inputValue();
    await dialog.getByRole('button', { name: 'Close' }).click();
    return new URL(url);
  };
  const problem = async (address: string, text: RegExp, story: DemoStory) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(address);
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    await expect(wall(page)).toBeVisible();
    expect(await page.content()).not.toContain(story.sentinel);
    await context.close();
  };
  const story = premium[3]!;
  const link = await giftLink(story);
  const token = link.searchParams.get('gift')!;

  // Another story's address, or an edited token: not valid for this story.
  await problem(`${premium[1]!.path}?gift=${token}`, /not valid for this story/, premium[1]!);
  await problem(`${story.path}?gift=${token.slice(0, -3)}abc`, /not valid for this story/, story);

  // A link preview takes no reader place: it sees the opening and the wall, with the gift's message.
  const preview = await playwrightRequest.newContext({
    baseURL: e2eBase,
    userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  });
  const previewed = await (await preview.get(`${link.pathname}${link.search}`)).text();
  expect(previewed).toContain('A member has gifted you this story');
  expect(previewed).toContain('data-wall="paywall"');
  expect(previewed).not.toContain(story.sentinel);
  await preview.dispose();

  // Ten browsers take the ten places; the eleventh is told the link is full.
  for (let i = 0; i < 10; i++) {
    const reader = await playwrightRequest.newContext({ baseURL: e2eBase, userAgent: CHROME_UA });
    const html = await (await reader.get(`${link.pathname}${link.search}`)).text();
    expect(html).toContain(story.sentinel);
    await reader.dispose();
  }
  await problem(link.toString(), /opened by as many readers as it allows/, story);

  // A case study's gift opens the page and its glossary, but offers no PDF: the report is for members.
  const study = caseStudies[1]!;
  const studyLink = await giftLink(study);
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(studyLink.toString());
  await expect(reader.locator('.story-gated')).toContainText(study.sentinel);
  await expect(reader.locator('#story')).toContainText(study.glossary!);
  await expect(reader.getByRole('link', { name: 'Download the PDF report' })).toHaveCount(0);
  expect(
    (await reader.request.get(`${study.path}report.pdf${studyLink.search}`, { maxRedirects: 0 })).status(),
  ).toBe(303);
  await context.close();

  // Withdrawn: the next visit says so.
  await giverPage.goto('/user/account/#gifts');
  const gifts = giverPage.locator('#gifts');
  await gifts
    .getByRole('button', { name: `Withdraw the gift link to ${await headlineOf(giverPage, study)}` })
    .click();
  await expect(gifts.getByRole('status')).toContainText('no longer opens the story');
  await problem(studyLink.toString(), /no longer active/, study);
  await giverPage.close();
});

async function headlineOf(page: Page, story: DemoStory): Promise<string> {
  const html = await (await page.request.get(story.path)).text();
  return /<h1[^>]*>([^<]+)<\/h1>/
    .exec(html)![1]!
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
