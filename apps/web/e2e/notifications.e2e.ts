import { createECDH, randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';
import { e2eBase } from './support/site';

/** Counts the page's calls of Notification.requestPermission (the browser's permission prompt). */
async function countPermissionPrompts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { permissionPrompts: number };
    w.permissionPrompts = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.permissionPrompts += 1;
      return ask(...args);
    };
  });
}

const prompts = (page: Page) =>
  page.evaluate(() => (window as unknown as { permissionPrompts: number }).permissionPrompts);

test('the account page’s notification switches ask permission only when turned on, and say when push is unavailable', async ({
  page,
  context,
}) => {
  await countPermissionPrompts(page);
  await registerWithCode(page, freshEmail('notifications'));
  await page.goto('/user/account/');
  const section = page.getByRole('region', { name: 'Notifications' });
  const followed = section.getByRole('switch', { name: 'New stories in topics you follow' });
  const breaking = section.getByRole('switch', { name: 'Breaking news' });
  await expect(followed).toHaveAttribute('aria-checked', 'false');
  await expect(breaking).toHaveAttribute('aria-checked', 'false');
  // Loading the page never asks for the browser's permission.
  expect(await prompts(page)).toBe(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  const axe = await new AxeBuilder({ page })
    .include('#notifications')
    .disableRules(['meta-viewport'])
    .analyze();
  expect(axe.violations).toEqual([]);

  // Turned on from the keyboard, the switch asks; headless Chromium dismisses the prompt: it stays off.
  await followed.focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toContainText('Notifications are blocked for this site');
  expect(await prompts(page)).toBe(1);
  await expect(followed).toHaveAttribute('aria-checked', 'false');

  // With permission granted, this browser still has no push service to reach: the switch says so, stays off.
  await context.grantPermissions(['notifications']);
  await page.reload();
  await breaking.click();
  await expect(section.getByRole('status')).toContainText(/not set this site up|could not reach/);
  await expect(breaking).toHaveAttribute('aria-checked', 'false');
  expect(await prompts(page)).toBe(0);

  // A browser subscribed elsewhere (here through the API, with the reader's cookies) is listed, and removed.
  const ecdh = createECDH('prime256v1');
  const subscribed = await context.request.post(`${e2eBase}/api/graphql/`, {
    data: {
      query: 'mutation ($input: SubscribePushInput!) { subscribePush(input: $input) { __typename } }',
      variables: {
        input: {
          endpoint: `https://push.example.org/e2e/${randomBytes(8).toString('hex')}`,
          p256dh: ecdh.generateKeys().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
          userAgent: 'Firefox on Android',
        },
      },
    },
  });
  expect(((await subscribed.json()) as { data: { subscribePush: { __typename: string } } }).data).toEqual({
    subscribePush: { __typename: 'PushSubscription' },
  });
  await page.reload();
  await section.getByRole('button', { name: /^Remove Firefox on Android/ }).click();
  await expect(section.getByRole('status')).toHaveText('Firefox on Android gets no more notifications.');
  await expect(section.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
});
