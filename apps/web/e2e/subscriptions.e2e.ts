import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

test.describe('membership pages', () => {
  test('packages list the three individual plans in the reader’s currency, and switch currency', async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ locale: 'en-GB' })).newPage();
    await page.goto('/subscriptions/packages/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose your membership');
    for (const name of ['Standard', 'News & Analysis', 'Premium']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(page.getByText('£250.00')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start free trial' }).first()).toHaveAttribute(
      'href',
      '/subscriptions/individuals/payment/?plan=individuals_standard_yearly_trial_v1&currency=GBP',
    );
    await page.getByRole('navigation', { name: 'Currency' }).getByRole('link', { name: 'EUR' }).click();
    await expect(page.getByText('€290.00')).toBeVisible();
  });

  test('?packages=beauty leads with the beauty package', async ({ page }) => {
    await page.goto('/subscriptions/packages/?packages=beauty&currency=USD');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Beauty package');
    await expect(page.getByRole('link', { name: 'Choose Beauty' })).toHaveAttribute(
      'href',
      '/subscriptions/individuals/payment/?plan=topic_beauty_yearly_v1&currency=USD',
    );
  });

  test('an unknown currency falls back to the reader’s', async ({ browser }) => {
    const page = await (await browser.newContext({ locale: 'en-IN' })).newPage();
    await page.goto('/subscriptions/packages/?currency=XYZ');
    await expect(page.getByText('₹18,000.00')).toBeVisible();
  });

  for (const path of ['/subscriptions/packages/', '/subscriptions/faq/', '/subscriptions/executive/']) {
    test(`no axe violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});
