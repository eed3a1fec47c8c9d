import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode } from './support/identity-journeys';
import { fillCard } from './support/membership';
import { e2eBase } from './support/site';

// A reader buys two tickets to a demo event with the simulator's success card and receives them by
// e-mail (two QR images and a calendar file); event staff admit one ticket once, the second scan says
// when it was admitted, and a forged code is refused.

const EVENT = '/events/voices-of-fashion-summit-2027/';
const STAFF = 'events-staff@example.org'; // a newsroom admin by configuration (playwright.config.ts)
const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';

/** The self-describing events the page sent to the collector, by name. */
function watchEvents(page: Page): { name: string; data: Record<string, unknown> }[] {
  const seen: { name: string; data: Record<string, unknown> }[] = [];
  // The events the page sends: the purchase's event goes out as the page leaves for the confirmation
  // (a keep-alive request the browser finishes on its own), so the page may never see its answer.
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST)) return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data) {
      if (event.e === 'ue' && event.ue_pr) {
        const { data } = JSON.parse(event.ue_pr) as {
          data: { schema: string; data: Record<string, unknown> };
        };
        seen.push({ name: data.schema.replace(/^iglu:com\.bof\/(\w+)\/.*$/, '$1'), data: data.data });
      }
    }
  });
  return seen;
}

/** The newest outbox message to `recipient` whose subject starts with `subject`, as the mailbox shows it. */
async function mailTo(page: Page, recipient: string, subject: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get(`${e2eBase}/_dev/mail/`, { maxRetries: 2 })).text();
        found =
          html
            .split('<article')
            .slice(1)
            .find((a) => a.includes(`<span data-recipient>${recipient}</span>`) && a.includes(subject)) ?? '';
        return found.length > 0;
      },
      { message: `an e-mail "${subject}" to ${recipient}` },
    )
    .toBe(true);
  return found;
}

async function checkAxe(page: Page) {
  const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

test('a reader buys two tickets, receives them by e-mail, and staff admit one once', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const events = watchEvents(page);

  // Signed out, the event page shows the tickets and asks to sign in to buy.
  await page.goto(EVENT);
  await expect(page.getByRole('heading', { level: 1, name: 'Voices of Fashion Summit 2027' })).toBeVisible();
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(jsonLd['@type']).toBe('Event');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const email = freshEmail('events-buyer');
  await registerWithCode(page, email);
  await page.goto(EVENT);
  for (const [name, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
    await checkAxe(page);
    await page.screenshot({ path: `test-results/events-page-${name}.png`, fullPage: true });
  }

  await page.getByLabel('Standard pass').check();
  await page.getByLabel('How many').fill('2');
  await page.getByLabel('Currency').selectOption('GBP');
  await fillCard(page, '4111 1111 1111 1111');
  await expect(page.getByRole('button', { name: 'Pay £990.00' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/events/voices-of-fashion-summit-2027/confirmation/?order=*', { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Thank you: your tickets are booked' })).toBeVisible();
  const codes = await page.locator('[data-ticket-code]').allTextContents();
  expect(codes).toHaveLength(2);
  expect(new Set(codes).size).toBe(2);
  await page.screenshot({ path: 'test-results/events-confirmation.png', fullPage: true });

  await expect.poll(() => events.filter((e) => e.name === 'event_ticket_purchase').length).toBe(1);
  expect(events.find((e) => e.name === 'event_ticket_purchase')?.data).toMatchObject({
    ticketQty: 2,
    ticketType: 'Standard pass',
    eventPlatform: 'in-person',
  });

  const mail = await mailTo(page, email, 'Your tickets for Voices of Fashion Summit 2027');
  expect(mail.match(/data-content-type="image\/png"/g)).toHaveLength(2);
  expect(mail).toMatch(
    /data-attachment="voices-of-fashion-summit-2027\.ics" data-content-type="text\/calendar"/,
  );
  for (const code of codes) expect(mail).toContain(code);

  await page.goto('/user/tickets/');
  await expect(page.locator('[data-ticket-code]').first()).toBeVisible();

  // Event staff at the door: one ticket admitted once, its second scan refused with the time.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await registerWithCode(staff, STAFF);
  await staff.goto('/newsroom/'); // a newsroom admin by configuration becomes one on the first visit
  const refreshed = await staff.request.post(`${e2eBase}/api/auth/token/`, {
    data: { castleRequestToken: null, currentUrl: staff.url() },
  });
  expect(refreshed.ok()).toBe(true);
  await staff.goto(`${EVENT}check-in/`);
  const codeField = staff.getByLabel('Ticket code');
  const result = staff.getByTestId('check-in-result');
  await codeField.fill(codes[0]!);
  await codeField.press('Enter');
  await expect(result).toHaveText(/^Admitted at \d{2}:\d{2}\.$/);
  const admittedAt = /(\d{2}:\d{2})/.exec((await result.textContent()) ?? '')?.[1];
  await codeField.fill(codes[0]!);
  await staff.getByRole('button', { name: 'Check ticket' }).click();
  await expect(result).toHaveText(`Already admitted at ${admittedAt}.`);
  await codeField.fill(`${codes[1]!.slice(0, -1)}${codes[1]!.endsWith('0') ? '1' : '0'}`);
  await codeField.press('Enter');
  await expect(result).toHaveText('This is not a valid ticket code.');
  await staff.screenshot({ path: 'test-results/events-check-in.png', fullPage: true });

  await staff.goto(`${EVENT}orders/`);
  await expect(staff.getByText(email)).toBeVisible();
  await staff.screenshot({ path: 'test-results/events-orders.png', fullPage: true });
  await staffContext.close();
});

test('the events index lists upcoming events first and past ones below', async ({ page }) => {
  await page.goto('/events/');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const past = page.getByRole('region', { name: 'Past events' });
  await expect(upcoming.getByRole('link', { name: 'Voices of Fashion Summit 2027' })).toBeVisible();
  await expect(past.getByRole('link', { name: 'Circular Materials Forum 2026' })).toBeVisible();
  for (const [name, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await checkAxe(page);
    await page.screenshot({ path: `test-results/events-index-${name}.png`, fullPage: true });
  }
});
