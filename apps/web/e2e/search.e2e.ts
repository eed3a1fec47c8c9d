import { expect, test, type Page } from './support/test';

// Search: the header box (`/` focuses it), ranked results whose clicks report their position, the cited
// answer to a question the edition answers, the abstention on one it cannot answer (plain results still
// shown), the plain results without JavaScript, and the phone layout.

const COLLECTOR_POST = '/api/collector/com.snowplowanalytics.snowplow/tp2/';

/** The self-describing events the collector acknowledged: schema and data. */
function watchEvents(page: Page): { schema: string; data: Record<string, unknown> }[] {
  const events: { schema: string; data: Record<string, unknown> }[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST) || response.status() !== 200)
      return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data)
      if (event.e === 'ue' && event.ue_pr)
        events.push(
          (JSON.parse(event.ue_pr) as { data: { schema: string; data: Record<string, unknown> } }).data,
        );
  });
  return events;
}

/** The self-describing events the page sent to the collector, answered or not. */
function watchSentEvents(page: Page): { schema: string; data: Record<string, unknown> }[] {
  const events: { schema: string; data: Record<string, unknown> }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(COLLECTOR_POST)) return;
    for (const event of (request.postDataJSON() as { data: { e: string; ue_pr?: string }[] }).data)
      if (event.e === 'ue' && event.ue_pr)
        events.push(
          (JSON.parse(event.ue_pr) as { data: { schema: string; data: Record<string, unknown> } }).data,
        );
  });
  return events;
}

async function answerConsent(page: Page) {
  await page.locator('#cc-main .cm').getByRole('button', { name: 'Necessary only' }).click();
}

test('search "resale prices", open the second result, then ask questions', async ({ page }) => {
  const events = watchEvents(page);
  await page.goto('/');
  await answerConsent(page);
  await page.keyboard.press('/');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
  await expect(box).toBeFocused();
  await box.fill('resale prices');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\/\?q=resale\+prices$/);
  const results = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThanOrEqual(2);
  await expect.poll(() => events.filter((e) => e.schema.includes('/search/')).length).toBeGreaterThan(0);

  const second = results.nth(1).getByRole('heading').getByRole('link');
  const href = await second.getAttribute('href');
  await second.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.?]/g, '\\$&')}$`));
  await expect
    .poll(() => events.find((e) => e.schema.includes('/search_result_click/'))?.data, { timeout: 15_000 })
    .toMatchObject({ position: 2, searchTerm: 'resale prices' });

  await page.goto(`/search/?q=${encodeURIComponent('How much did Aurelle Beauty raise?')}`);
  const answer = page.getByRole('region', { name: 'Answer from our journalism' });
  await expect(answer.getByTestId('answer-text')).toContainText('€120 million');
  await expect(answer.getByRole('link', { name: 'Source 1' }).first()).toBeVisible();
  await expect(answer.getByRole('list', { name: 'Sources' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /aurelle-beauty-raises-120-million/,
  );
  await expect
    .poll(() => events.find((e) => e.schema.includes('/ai_search_result/'))?.data)
    .toMatchObject({ type: 'success' });

  await page.goto(
    `/search/?q=${encodeURIComponent('What did Harlowe Denim announce about its Tokyo store?')}`,
  );
  await expect(answer.getByTestId('answer-abstained')).toContainText(
    'We could not find an answer in our journalism.',
  );
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()).toBeVisible();
});

test('tabs, filters and bad input keep their state in the URL and never fail', async ({ page }) => {
  await page.goto('/search/?q=luxury');
  await answerConsent(page);
  await page
    .getByRole('navigation', { name: 'Result types' })
    .getByRole('link', { name: /Case studies/ })
    .click();
  await expect(page).toHaveURL(/tab=reports/);
  for (const q of ['', '😀😀', "'; drop table articles; --", '&|!:*()', 'x'.repeat(3000)]) {
    const response = await page.goto(`/search/?q=${encodeURIComponent(q)}&tab=nope&date=soon`);
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  }
  await expect(page.getByText('Some filters were not understood')).toBeVisible();
});

test('results and the cited answer are on the page without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  const page = await context.newPage();
  await page.goto('/search/?q=resale');
  const results = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(results.first()).toBeVisible();
  expect(await results.count()).toBeGreaterThanOrEqual(2);

  // The page's own GET form runs the next search; the answer arrives with the page, not after it.
  await page
    .getByRole('searchbox', { name: 'Search terms or a question' })
    .fill('How much did Aurelle Beauty raise?');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\/\?q=How\+much\+did\+Aurelle\+Beauty\+raise%3F$/);
  const answer = page.getByRole('region', { name: 'Answer from our journalism' });
  await expect(answer.getByTestId('answer-text')).toContainText('€120 million');
  await expect(answer.getByRole('list', { name: 'Sources' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /aurelle-beauty-raises-120-million/,
  );
  await expect(page.getByText('Composing an answer')).toHaveCount(0);
  await expect(results.first()).toBeVisible();

  // Tabs and filters are plain links.
  await page
    .getByRole('navigation', { name: 'Result types' })
    .getByRole('link', { name: /^Stories/ })
    .click();
  await expect(page).toHaveURL(/tab=stories/);
  await expect(results.first()).toBeVisible();
  await context.close();
});

test('the results and filters work from the keyboard, with loading and empty states', async ({ page }) => {
  await page.goto('/search/?q=resale');
  await answerConsent(page);
  // The empty state: nothing typed, or nothing found.
  await page.goto('/search/');
  await expect(page.getByTestId('search-empty')).toContainText('Type words, a name or a question');
  await page.goto('/search/?q=zzqxjvwk');
  await expect(page.getByTestId('search-no-results')).toBeVisible();

  await page.goto('/search/?q=resale');
  const results = page.getByRole('list', { name: 'Results' });
  // From the page's search box, Tab reaches the tabs, then the first result, and Enter opens it.
  await page.getByRole('searchbox', { name: 'Search terms or a question' }).focus();
  const firstLink = results.getByRole('listitem').first().getByRole('heading').getByRole('link');
  let reached = false;
  for (let i = 0; i < 12 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await firstLink.evaluate((link) => link === document.activeElement);
  }
  expect(reached).toBe(true);

  // "Skip to filters" jumps past the results; a filter is a link, followed with Enter.
  await page.getByRole('searchbox', { name: 'Search terms or a question' }).focus();
  const skip = page.getByRole('link', { name: 'Skip to filters' });
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    if (await skip.evaluate((link) => link === document.activeElement)) break;
  }
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const filter = page.getByRole('complementary', { name: 'Filters' }).getByRole('link').first();
  await expect(filter).toBeFocused();
  // While the next page loads, the page says so (the navigation is held back here to look at it).
  const whileLoading = await filter.evaluate(async (link: HTMLAnchorElement) => {
    link.addEventListener('click', (event) => event.preventDefault(), { once: true });
    link.click();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return [
      document.querySelector('[data-testid="search-pending"]')?.textContent,
      document.getElementById('search-results')?.getAttribute('aria-busy'),
    ];
  });
  expect(whileLoading).toEqual(['Searching…', 'true']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/section=/);
  await expect(page.getByRole('list', { name: 'Results' }).getByRole('listitem').first()).toBeVisible();
});

test('the search page and its cited answer fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search/?q=${encodeURIComponent('Why are digital brands rebuilding their email lists?')}`);
  await answerConsent(page);
  await expect(page.getByTestId('answer-text')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('search-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('search-desktop.png'), fullPage: true });
});

test('a person is found by name, with a card that opens their profile', async ({ page }) => {
  // A demo person (packages/api/src/modules/profiles/demo-profiles.ts, the 43rd).
  const events = watchSentEvents(page);
  await page.goto(`/search/?q=${encodeURIComponent('Yusuf Zanferro')}`);
  await answerConsent(page);
  const link = page.getByRole('link', { name: 'Yusuf Zanferro' });
  const card = page
    .getByRole('list', { name: 'Results' })
    .getByTestId('search-profile-result')
    .filter({ has: page.locator('a[href="/people/yusuf-zanferro-43/"]') });
  await expect(card).toContainText('Person');
  await expect(card).toContainText('Head of Design, House of Marisol');
  await expect(link.first()).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Result types' })
    .getByRole('link', { name: /^People & companies \([1-9]/ })
    .click();
  await expect(page).toHaveURL(/tab=people/);
  await expect(card).toBeVisible();
  const profileLink = card.getByRole('link', { name: 'Yusuf Zanferro' });
  const position = Number(await profileLink.getAttribute('data-position'));
  // The first click is held on the page so its event is seen leaving: a plain link's navigation can cut
  // the tracker's request off (noted in the search report); the second one opens the profile.
  await profileLink.evaluate((link) =>
    link.addEventListener('click', (event) => event.preventDefault(), { once: true }),
  );
  await profileLink.click();
  await expect
    .poll(() => events.find((e) => e.schema.includes('/search_result_click/'))?.data, { timeout: 15_000 })
    .toMatchObject({ position, searchTerm: 'Yusuf Zanferro', searchType: 'people' });
  await profileLink.click();
  await expect(page).toHaveURL(/\/people\/yusuf-zanferro-43\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Yusuf Zanferro');

  // A misspelled company name finds the company by similarity.
  await page.goto('/search/?q=marisl&tab=people');
  await expect(page.getByText('for names like “marisl”')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Results' }).getByRole('link', { name: 'House of Marisol' }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-people.png'), fullPage: true });
});

test('an open job listing is found in All, with a card that opens its page', async ({ page }) => {
  // The demo listings (packages/api/src/modules/jobs/demo-jobs.ts): visual merchandisers at demo houses.
  const events = watchSentEvents(page);
  await page.goto(`/search/?q=${encodeURIComponent('visual merchandiser')}`);
  await answerConsent(page);
  const card = page.getByRole('list', { name: 'Results' }).getByTestId('search-job-result').first();
  await expect(card).toContainText('Job');
  const jobLink = card.getByRole('heading').getByRole('link');
  await expect(jobLink).toHaveText('Visual Merchandiser');
  const href = await jobLink.getAttribute('href');
  expect(href).toMatch(/^\/careers\/visual-merchandiser-[a-z0-9-]+\/$/);
  // Not a story, a person nor a report: the spec's tabs do not count it.
  await expect(
    page.getByRole('navigation', { name: 'Result types' }).getByRole('link', { name: /^All \([1-9]/ }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-jobs.png'), fullPage: true });

  const position = Number(await jobLink.getAttribute('data-position'));
  await jobLink.evaluate((link) =>
    link.addEventListener('click', (event) => event.preventDefault(), { once: true }),
  );
  await jobLink.click();
  await expect
    .poll(() => events.find((e) => e.schema.includes('/search_result_click/'))?.data, { timeout: 15_000 })
    .toMatchObject({ position, searchTerm: 'visual merchandiser', searchType: 'all' });
  await jobLink.click();
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.?]/g, '\\$&')}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Visual Merchandiser');
});
