import { expect, test } from './support/test';
import { registerWithCode } from './support/identity-journeys';

// An editor publishes a story, finds it in the upcoming daily brief in the newsroom, writes the brief's
// introduction and saves it; readers who are not staff get the ordinary 404.

const EDITOR = 'newsroom-brief@example.org'; // a newsroom admin by configuration (playwright.config.ts)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4Y2wMRwzEcQD7ExMhwLzAsQAAAABJRU5ErkJggg==',
  'base64',
);

test('an editor edits the upcoming daily brief in the newsroom', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  expect((await page.request.get('/newsroom/daily-brief/')).status()).toBe(404);

  const headline = `Brief journey ${Date.now().toString(36)}`;
  await registerWithCode(page, EDITOR);
  await page.goto('/newsroom/');
  await page.getByLabel('New story headline').fill(headline);
  await page.getByRole('button', { name: 'Start a story' }).click();
  await page.waitForURL('**/newsroom/stories/*/');
  await page.getByLabel('Standfirst').fill('The public standfirst the brief shows.');
  await page.getByTestId('story-body').click();
  await page.keyboard.type('A paragraph of the story.');
  await page.getByRole('combobox', { name: 'Section', exact: true }).selectOption('news');
  await page.getByLabel('Topics (the first is the main one)').selectOption(['retail']);
  await page.getByLabel('Add an author').selectOption('amara-okafor');
  await page
    .getByLabel('Hero photo')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded photo (one is set)')).toBeVisible();
  await page.getByLabel('Hero alt text').fill('A shop window');
  await page.getByLabel('Hero caption').fill('Paris, October');
  await page.getByLabel('Hero credit').fill('Photo: Newsroom');
  await page.getByRole('button', { name: 'Save now' }).click();
  await expect(page.getByTestId('save-state')).toContainText('Saved');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByTestId('story-status')).toContainText('published', { timeout: 30_000 });

  await page.goto('/newsroom/');
  await page.getByRole('link', { name: 'Daily brief' }).click();
  await expect(page.getByRole('heading', { name: 'Daily brief', level: 1 })).toBeVisible();
  const inBrief = page.getByRole('region', { name: /Stories in the brief/ });
  await expect(inBrief.getByText(headline)).toBeVisible();
  await page.getByLabel('Introduction').fill('Good morning: one story today.');
  await page.getByRole('button', { name: 'Save the brief' }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  await expect(page.getByText(/Edited .*: it is sent as saved/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('daily-brief.png'), fullPage: true });

  await page.reload();
  await expect(page.getByLabel('Introduction')).toHaveValue('Good morning: one story today.');
  await expect(page.getByText(/Edited .*: it is sent as saved/)).toBeVisible();
  // Removing the story leaves an empty brief, which is not sent.
  await page.getByRole('button', { name: `Remove “${headline}”` }).click();
  await expect(page.getByText('No stories: the brief will not be sent.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('daily-brief-phone.png'), fullPage: true });
});
