import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';

// An editor writes, previews, schedules, publishes and corrects a story in the newsroom; a writer cannot
// publish. The editor is a newsroom admin by configuration (NEWSROOM_ADMINS in playwright.config.ts).

const EDITOR = 'newsroom-editor@example.org';
// A 4 × 4 PNG: the media pipeline checks it by content and re-encodes it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4Y2wMRwzEcQD7ExMhwLzAsQAAAABJRU5ErkJggg==',
  'base64',
);

async function graphql(page: Page, query: string, variables: Record<string, unknown>) {
  const response = await page.request.post('/api/graphql/', {
    data: { query, variables },
    headers: { 'content-type': 'application/json' },
  });
  return (await response.json()) as { data?: Record<string, { __typename: string; message?: string }> };
}

test('an editor writes, previews, schedules and corrects a story; a writer cannot publish', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const headline = `Newsroom journey ${Date.now().toString(36)}`;

  // Non-staff get the ordinary 404.
  expect((await page.request.get('/newsroom/')).status()).toBe(404);

  await registerWithCode(page, EDITOR);
  await page.goto('/newsroom/');
  await expect(page.getByRole('heading', { name: 'Newsroom', level: 1 })).toBeVisible();
  await page.getByLabel('New story headline').fill(headline);
  await page.getByRole('button', { name: 'Start a story' }).click();
  await page.waitForURL('**/newsroom/stories/*/');
  const storyUrl = page.url();

  // Two paragraphs and a heading in the rich-text editor; the fields publishing needs.
  await page.getByLabel('Standfirst').fill('What the newsroom journey proves, in one line.');
  const body = page.getByTestId('story-body');
  await body.click();
  await page.keyboard.type('The first paragraph has a typo: teh market.');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Heading', exact: true }).click();
  await page.keyboard.type('What comes next');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The second paragraph is for members only.');
  await page.getByRole('combobox', { name: 'Section', exact: true }).selectOption('news');
  await page.getByLabel('Topics (the first is the main one)').selectOption(['retail']);
  await page.getByLabel('Add an author').selectOption('amara-okafor');
  await page.getByLabel('Access').selectOption('members');

  // An upload that is not an image is refused with a message; a real photo is taken.
  await page
    .getByLabel('Hero photo')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText('This file is not an image. Upload a JPEG, PNG or WebP photo.')).toBeVisible();
  await page
    .getByLabel('Hero photo')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded photo (one is set)')).toBeVisible();
  await page.getByLabel('Hero alt text').fill('A shop window on a wet evening');
  await page.getByLabel('Hero caption').fill('Paris, October');
  await page.getByLabel('Hero credit').fill('Photo: Newsroom');
  await page.getByRole('button', { name: 'Save now' }).click();
  await expect(page.getByTestId('save-state')).toContainText('Saved');

  // Previews: the access engine decides. Anonymous meets the wall; a member reads it all.
  await page.goto(`${storyUrl}preview/?as=anonymous`);
  await expect(page.getByRole('heading', { name: headline })).toBeVisible();
  await expect(page.locator('aside[data-wall]')).toBeVisible();
  await expect(page.getByText('The second paragraph is for members only.')).toHaveCount(0);
  await page.goto(`${storyUrl}preview/?as=member`);
  await expect(page.getByText('The second paragraph is for members only.')).toBeVisible();
  await expect(page.locator('aside[data-wall]')).toHaveCount(0);

  // Schedule it about a minute ahead (the picker counts whole minutes): at least 30 s, so a slow
  // machine's fill and click still reach the server before the time has passed.
  await page.goto(storyUrl);
  const at = new Date(Date.now() + 30_000);
  if (at.getSeconds() > 0 || at.getMilliseconds() > 0) at.setMinutes(at.getMinutes() + 1, 0, 0);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await page.getByLabel('Publish at').fill(local);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('story-status')).toContainText('scheduled', { timeout: 20_000 });

  // Not before its time; then once, on the front page, its section, the sitemap and the feed.
  expect(await page.request.get('/articles/news/').then((r) => r.text())).not.toContain(headline);
  await expect
    .poll(async () => (await page.request.get('/articles/news/').then((r) => r.text())).includes(headline), {
      timeout: 180_000,
      intervals: [2_000],
    })
    .toBe(true);
  const slug = headline.toLowerCase().replace(/\s+/g, '-');
  const count = (text: string, needle: string) => text.split(needle).length - 1;
  await page.goto('/');
  await expect(page.getByRole('link', { name: headline })).toHaveCount(1);
  expect(count(await page.request.get('/sitemaps/stories-1.xml').then((r) => r.text()), `/${slug}/`)).toBe(1);
  expect(
    count(
      await page.request.get('/articles/news/feed.xml').then((r) => r.text()),
      `<title>${headline}</title>`,
    ),
  ).toBe(1);

  // The editor fixes the typo: the page shows the fix at once, and the diff shows the change.
  await page.goto(storyUrl);
  await expect(page.getByTestId('story-status')).toContainText('published');
  await page.getByTestId('story-body').getByText('teh market').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('the market.');
  await page.getByRole('button', { name: 'Update the live story' }).click();
  await expect(page.getByRole('status')).toHaveText('Published.');
  const live = await page.request.get(`/articles/news/${slug}/`).then((r) => r.text());
  expect(live).toContain('typo: the market.');
  expect(live).not.toContain('teh market');
  // Breaking news asks to be confirmed, can be cancelled, and says when it was sent.
  await page.getByRole('button', { name: 'Send as breaking news' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Yes, send it' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Send as breaking news' }).click();
  await page.getByRole('button', { name: 'Yes, send it' }).click();
  await expect(page.getByText('Sent as breaking news to every reader who has it on.')).toBeVisible();
  await page.getByRole('button', { name: 'Changes' }).first().click();
  await expect(page.getByTestId('diff')).toContainText('teh market');
  await expect(page.getByTestId('diff')).toContainText('the market');

  // A writer cannot publish: the editor makes a second reader a writer.
  const writerContext = await browser.newContext();
  const writerPage = await writerContext.newPage();
  const writerEmail = freshEmail('newsroom-writer');
  await registerWithCode(writerPage, writerEmail);
  const granted = await graphql(
    page,
    'mutation($input: SetNewsroomStaffInput!) { setNewsroomStaff(input: $input) { __typename } }',
    { input: { email: writerEmail, role: 'writer', name: 'Wren Writer' } },
  );
  expect(granted.data?.setNewsroomStaff?.__typename).toBe('SetNewsroomStaffSuccess');
  const storyId = storyUrl.split('/').filter(Boolean).pop();
  const refused = await graphql(
    writerPage,
    'mutation($input: NewsroomStoryRefInput!) { publishNewsroomStory(input: $input) { __typename ... on Error { message } } }',
    { input: { id: storyId } },
  );
  expect(refused.data?.publishNewsroomStory?.__typename).toBe('UnauthorizedError');
  await writerPage.goto('/newsroom/');
  await writerPage.getByLabel('New story headline').fill(`${headline} by a writer`);
  await writerPage.getByRole('button', { name: 'Start a story' }).click();
  await writerPage.waitForURL('**/newsroom/stories/*/');
  await expect(
    writerPage.getByText('Writers save drafts; an editor schedules and publishes them.'),
  ).toBeVisible();
  await expect(writerPage.getByRole('button', { name: 'Publish now' })).toHaveCount(0);
  await writerContext.close();
});

test('the desk: an admin adds a topic and gives an author a portrait; an editor pins the lead story', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36);
  await registerWithCode(page, 'newsroom-desk@example.org');

  // A new topic: a bad slug is refused on its field, a good one is listed and has its page.
  await page.goto('/newsroom/');
  await page.getByRole('link', { name: 'Desk' }).click();
  await page.getByRole('link', { name: 'Topics' }).click();
  const newTopic = page.getByRole('region', { name: 'New topic' });
  await newTopic.getByLabel('Slug').fill('Not A Slug');
  await newTopic.getByLabel('Name').fill('Rental and resale');
  await newTopic.getByLabel('Description').fill('Secondhand and <b>resale</b> markets.');
  await newTopic.getByRole('button', { name: 'Create' }).click();
  await expect(
    newTopic.getByText('Use lower-case letters, digits and single hyphens (kebab-case).'),
  ).toBeVisible();
  await newTopic.getByLabel('Slug').fill(`resale-${suffix}`);
  await newTopic.getByRole('button', { name: 'Create' }).click();
  await expect(newTopic.getByRole('status')).toHaveText('Created “Rental and resale”.');
  await expect(page.getByRole('link', { name: 'Rental and resale', exact: true })).toBeVisible();
  const topicPage = await page.request.get(`/topics/resale-${suffix}/`);
  expect(topicPage.status()).toBe(200);
  const topicHtml = await topicPage.text();
  expect(topicHtml).toContain('Secondhand and resale markets.');
  expect(topicHtml).not.toContain('<b>resale</b>');

  // An author's bio and portrait: the author page shows both at once.
  await page.getByRole('link', { name: 'Authors' }).click();
  await page.getByText('Edit Amara Okafor').click();
  const form = page.locator('details[open]');
  await form.getByLabel('Bio').fill(`Amara Okafor covers retail from London (${suffix}).`);
  await form.getByLabel('Portrait').setInputFiles({ name: 'amara.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.locator('img')).toBeVisible();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await page.goto('/authors/amara-okafor/');
  await expect(page.getByText(`Amara Okafor covers retail from London (${suffix}).`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Amara Okafor' })).toBeVisible();

  // The lead: an older story pinned to the top leads the front page until it is unpinned.
  await page.goto('/articles/news/');
  const older = page.locator('main article :is(h2, h3) a').last();
  const olderHeadline = (await older.textContent())!.trim();
  const olderSlug = (await older.getAttribute('href'))!.split('/').filter(Boolean).pop()!;
  await page.goto('/newsroom/front/');
  await page.getByLabel('Top story').fill('no-such-story');
  await page.getByRole('button', { name: 'Save the lead' }).click();
  await expect(page.getByText('No published article has this slug.')).toBeVisible();
  await page.getByLabel('Top story').fill(olderSlug);
  await page.getByRole('button', { name: 'Save the lead' }).click();
  await expect(page.getByRole('status')).toHaveText('Pinned. The front page shows it now.');
  await page.goto('/');
  await expect(page.locator('main article :is(h2, h3) a').first()).toHaveText(olderHeadline);
  await page.goto('/newsroom/front/');
  await page.getByLabel('Top story').fill('');
  await page.getByRole('button', { name: 'Save the lead' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing pinned: the newest stories lead.');
});
