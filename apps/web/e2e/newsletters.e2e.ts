import type { Page } from '@playwright/test';
import { demoStories } from './support/demo-stories';
import { accountMenu, answerConsent, registerWithCode } from './support/identity-journeys';
import { freshEmail, latestCodeFor } from './support/identity-mail';
import { e2eBase } from './support/site';
import { expect, test } from './support/test';

// A signed-in reader signs up for two newsletters from an article, finds both on /user/newsletters/,
// unsubscribes from one there, and meets the one-more-step newsletters step with its preselected letters.

const TOPIC_LETTERS: Record<string, string> = {
  beauty: 'The Beauty Edit',
  luxury: 'Luxury Letter',
  sustainability: 'Sustainability Weekly',
  technology: 'Fashion Tech',
  marketing: 'The Marketing Memo',
  retail: 'Retail Daily',
  'workplace-talent': 'Careers Weekly',
};

test('a reader signs up for newsletters from an article and manages them', async ({ page }) => {
  test.setTimeout(180_000);
  const story = demoStories().find((s) => s.access === 'free' && s.topics.some((t) => t in TOPIC_LETTERS));
  if (!story) throw new Error('the demo edition has no free story with a topic letter');
  const topicLetter = TOPIC_LETTERS[story.topics.find((t) => t in TOPIC_LETTERS)!]!;
  const email = `letters-${Date.now()}@example.org`;
  await registerWithCode(page, email);

  await page.goto(story.path);
  const box = page.getByRole('region', { name: 'Get stories like this in your inbox' });
  await expect(box.getByLabel(/The Daily Brief/)).toBeChecked();
  await expect(box.getByLabel(new RegExp(topicLetter))).toBeChecked();
  await box.getByRole('button', { name: 'Sign up' }).click();
  await expect(box.getByRole('status')).toContainText('You are signed up');

  await page.goto('/user/newsletters/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your newsletters' })).toBeVisible();
  const daily = page.getByRole('button', { name: 'Unsubscribe from The Daily Brief' });
  await expect(daily).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Unsubscribe from ${topicLetter}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Subscribe to The Executive Briefing' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Unsubscribing with the keyboard sticks across a reload.
  await daily.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'unsubscribed from The Daily Brief' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Subscribe to The Daily Brief' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // The one-more-step newsletters step offers the visible letters, the preselected ticked.
  await page.goto('/user/one-more-step/?flow=newsletters');
  const step = page.getByRole('region', { name: 'Your newsletters' });
  await expect(step.getByLabel(/Your Follows/)).toBeChecked();
  await expect(step.getByLabel(/The Daily Brief/)).toBeChecked();
  await expect(step.getByLabel(/The Executive Briefing/)).toHaveCount(0);
  await step.getByRole('button', { name: 'Save my newsletters' }).click();
  await expect(step.getByRole('status')).toContainText('Saved');
  await page.goto('/user/newsletters/');
  await expect(page.getByRole('button', { name: 'Unsubscribe from Your Follows' })).toBeVisible();

  for (const [name, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/newsletters-${name}.png`, fullPage: true });
  }
});

/** The confirmation link of the newest newsletter sign-up e-mail to `recipient`, from the outbox. */
async function confirmationLinkFor(page: Page, recipient: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get(`${e2eBase}/_dev/mail/`, { maxRetries: 2 })).text();
        const mine = html
          .split('<article')
          .slice(1)
          .filter((a) => a.includes(`<span data-recipient>${recipient}</span>`));
        link = /(\/newsletters\/confirm\/\?token=[A-Za-z0-9._%-]+)/.exec(mine[0] ?? '')?.[1];
        return link;
      },
      { message: `a newsletter confirmation e-mailed to ${recipient}` },
    )
    .toBeTruthy();
  return link!;
}

test('an anonymous reader signs up from an article, confirms, sets a password and follows', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const slow = { timeout: 30_000 };
  const story = demoStories().find((s) => s.access === 'free' && s.topics.some((t) => t in TOPIC_LETTERS));
  if (!story) throw new Error('the demo edition has no free story with a topic letter');
  const topicSlug = story.topics.find((t) => t in TOPIC_LETTERS)!;
  const topicLetter = TOPIC_LETTERS[topicSlug]!;
  const email = freshEmail('anon-letters');

  // Signed out, on a story: the box takes an address for the two letters it offers.
  await page.goto(story.path);
  await answerConsent(page);
  const headline = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const box = page.getByRole('region', { name: 'Get stories like this in your inbox' });
  await expect(box.getByLabel(/The Daily Brief/)).toBeChecked();
  await expect(box.getByLabel(new RegExp(topicLetter))).toBeChecked();
  await box.getByRole('button', { name: 'Sign up' }).click();
  await expect(box.getByRole('alert')).toContainText('Enter your e-mail address');
  await box.getByLabel('Your e-mail address').fill('not-an-address');
  await box.getByRole('button', { name: 'Sign up' }).click();
  await expect(box.getByRole('alert')).toContainText('such as name@example.com');
  await box.getByLabel('Your e-mail address').fill(email);
  await box.getByRole('button', { name: 'Sign up' }).click();
  await expect(box.getByRole('status')).toContainText(`Check your inbox: we have sent a link to ${email}`);

  // The e-mailed link: confirming subscribes and offers to set a password.
  const link = await confirmationLinkFor(page, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your newsletters' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my newsletters' }).click();
  await expect(page.getByRole('status')).toContainText('your newsletters are confirmed', slow);
  await page.screenshot({ path: 'test-results/newsletters-confirmed.png', fullPage: true });

  // A tampered link is refused with a clear message.
  const tampered = await page.context().newPage();
  await tampered.goto(link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  await tampered.getByRole('button', { name: 'Confirm my newsletters' }).click();
  await expect(
    tampered.getByRole('alert').filter({ hasText: 'This confirmation link is not valid' }),
  ).toBeVisible();
  await tampered.close();

  // Set your password: the identity server's recovery flow, with a code e-mailed to the address.
  await page.getByRole('link', { name: 'Set your password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password', slow);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel('Recovery code').fill(await latestCodeFor(page.request, email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/user\/account\/\?flow=/, slow);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible(slow);
  await page.getByLabel('Password', { exact: true }).fill('velvet-Letters-2026!');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible(slow);

  // Both letters are the reader's now.
  await page.goto('/user/newsletters/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your newsletters' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unsubscribe from The Daily Brief' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: `Unsubscribe from ${topicLetter}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The Following page starts empty, pointing to things to follow.
  await page.goto('/user/following/');
  await expect(page.getByRole('heading', { level: 2, name: 'You do not follow anything yet' })).toBeVisible();

  // Follow the story's author and its topic.
  await page.goto(story.path);
  const authorHref = await page.locator('main a[href^="/authors/"]').first().getAttribute('href');
  if (!authorHref) throw new Error(`the story ${story.slug} names no author`);
  await page.goto(authorHref);
  const followAuthor = page.getByRole('button', { name: /^Follow / });
  await expect(followAuthor).toBeEnabled(slow);
  const authorName = ((await followAuthor.innerText()).replace(/^Follow /, '') ?? '').trim();
  await followAuthor.click();
  await expect(page.getByRole('status').filter({ hasText: `You follow ${authorName}` })).toBeVisible();
  await page.goto(`/topics/${topicSlug}/`);
  const followTopic = page.getByRole('button', { name: /^Follow / });
  await expect(followTopic).toBeEnabled(slow);
  const topicName = (await followTopic.innerText()).replace(/^Follow /, '').trim();
  await followTopic.click();
  await expect(page.getByRole('status').filter({ hasText: `You follow ${topicName}` })).toBeVisible();

  // The Following page, from the account menu, shows their stories, the story among them.
  await accountMenu(page).click();
  await page.getByRole('link', { name: 'Following' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
  const followed = page.getByRole('region', { name: 'You follow' });
  await expect(followed.getByRole('link', { name: authorName })).toBeVisible();
  await expect(followed.getByRole('link', { name: topicName })).toBeVisible();
  const latest = page.getByRole('region', { name: 'Latest stories' });
  await expect(latest.getByRole('link', { name: headline }).first()).toBeVisible();
  for (const [name, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/following-${name}.png`, fullPage: true });
  }

  // Unfollowing from the page sticks.
  await followed.getByRole('button', { name: `Following ${topicName}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `You no longer follow ${topicName}` }),
  ).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'You follow' }).getByRole('link', { name: topicName }),
  ).toHaveCount(0);
});

/** The chunks of script a page fetches from now on: `texts()` waits for every body begun so far. */
function scriptsOf(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/_next/static/chunks/')) bodies.push(response.text().catch(() => ''));
  });
  return { count: () => bodies.length, texts: () => Promise.all(bodies) };
}

/** Whether the GraphQL client's code is among the scripts, known by the name of its error class. */
async function hasGraphQLClient(scripts: ReturnType<typeof scriptsOf>): Promise<boolean> {
  return (await scripts.texts()).some((text) => text.includes('CombinedError'));
}

test('story and topic pages load without the GraphQL client; the sign-up box fetches it once a reader starts on it', async ({
  page,
  browser,
}) => {
  const story = demoStories().find((s) => s.access === 'free' && s.topics.some((t) => t in TOPIC_LETTERS));
  if (!story) throw new Error('the demo edition has no free story with a topic letter');
  const scripts = scriptsOf(page);
  await page.goto(story.path);
  await page.waitForLoadState('networkidle');
  const box = page.getByRole('region', { name: 'Get stories like this in your inbox' });
  await expect(box.getByRole('button', { name: 'Sign up' })).toBeEnabled();
  expect(scripts.count(), 'the page loaded its scripts').toBeGreaterThan(0);
  expect(await hasGraphQLClient(scripts), 'the GraphQL client came with the story').toBe(false);
  await box.getByLabel('Your e-mail address').focus();
  await expect
    .poll(() => hasGraphQLClient(scripts), { message: 'the box fetched the GraphQL client' })
    .toBe(true);

  // A signed-out reader's topic page: the Follow switch needs no client until it is pressed.
  const topicPage = await browser.newPage();
  const topicScripts = scriptsOf(topicPage);
  await topicPage.goto(`/topics/${story.topics.find((t) => t in TOPIC_LETTERS)!}/`);
  await topicPage.waitForLoadState('networkidle');
  await expect(topicPage.getByRole('button', { name: /^Follow / })).toBeEnabled();
  expect(await hasGraphQLClient(topicScripts), 'the GraphQL client came with the topic page').toBe(false);
  await topicPage.close();
});
