import { demoStories } from './support/demo-stories';
import { registerWithCode } from './support/identity-journeys';
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
