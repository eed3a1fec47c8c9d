import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type Browser, type Page, type TestInfo } from './support/test';
import { freshEmail } from './support/identity-mail';
import { registerWithCode, sessionClaims } from './support/identity-journeys';
import { readerCookies, type ReaderClaims } from './support/reader-tokens';
import { e2eBase } from './support/site';

// Profile editing: a reader creates their person profile with a cover photo and two careers entries,
// saves, publishes, and the published profile answers; a save from a stale version is refused with the
// module's message and keeps what was typed; an organisation's owner creates its profile, adds projects
// with an image and a YouTube asset, reorders them and publishes; another reader sees neither draft.

const rand = () => Math.random().toString(36).slice(2, 8);

async function graphql(page: Page, query: string, variables: Record<string, unknown>) {
  const response = await page.request.post('/api/graphql/', {
    data: { query, variables },
    headers: { 'content-type': 'application/json' },
  });
  return (await response.json()) as { data?: Record<string, Record<string, unknown>> };
}

/** A small real photo, made here: the upload goes through the media pipeline like any other. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 640, height: 360, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** axe at phone and desktop widths, with a full-page screenshot of each for a person to look at. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const axe = await new AxeBuilder({ page }).disableRules(['meta-viewport']).analyze();
    expect(axe.violations, `${name} at ${width}px`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function reader(browser: Browser, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = freshEmail(label);
  await registerWithCode(page, email);
  return { page, email };
}

const status = (page: Page) => page.getByTestId('profile-status');

test('a reader creates, saves and publishes a person profile; a stale save is refused; others cannot see the draft', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  // Signed out, the editor asks to sign in.
  await page.goto('/user/people/profiles/edit/');
  await expect(page.getByText('Sign in to create or edit your profile.')).toBeVisible();

  await registerWithCode(page, freshEmail('profile-editor'));
  await page.goto('/user/people/profiles/edit/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByTestId('profile-state')).toContainText('You have no profile yet');
  await checkPage(page, testInfo, 'person-editor-empty');

  const slug = `profile-editor-${rand()}`;
  const lastName = `Okafor ${rand()}`;
  await page.getByLabel('First name').fill('Ines');
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Title').fill('Creative Director');
  await page.getByLabel('Headline').fill('Designer, founder and teacher');
  await page.getByLabel('Address name').fill(slug);

  // A cover image, uploaded and previewed.
  const cover = page.getByTestId('image-profileCover');
  await cover.getByLabel('Upload a photo').setInputFiles(await photo('cover.png', '#2a6f97'));
  await expect(page.getByTestId('image-profileCover-status')).toHaveText('Uploaded. Save to keep it.');
  await expect(cover.getByRole('img', { name: 'Cover image: preview' })).toBeVisible();

  // Two careers entries, the first at an organisation picked by search.
  await page.getByRole('button', { name: 'Add a careers entry' }).click();
  await page.getByLabel('Job title (1)').fill('Creative Director');
  await page.getByLabel('Time period (1)').fill('2021–');
  await page.getByRole('button', { name: 'Choose organisation (1)' }).click();
  await page.getByRole('searchbox', { name: 'Search organisations for organisation (1)' }).fill('Atelier');
  const organisationName = (await page
    .getByTestId('entries-careers')
    .locator('ul button')
    .first()
    .textContent())!;
  await page.getByTestId('entries-careers').locator('ul button').first().click();
  await expect(page.getByTestId('entries-careers')).toContainText(organisationName);
  await page.getByRole('button', { name: 'Add a careers entry' }).click();
  await page.getByLabel('Job title (2)').fill('Head of Design');
  await page.getByLabel('Time period (2)').fill('2015–2021');

  // A field the API refuses shows its message by the field, and nothing else is lost.
  await page.getByRole('button', { name: 'Add a link' }).click();
  await page.getByLabel('Label 1').fill('Portfolio');
  await page.getByLabel('Address 1').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(status(page)).toHaveText('The profile was not saved: see the messages by the fields.');
  await expect(
    page.getByText('Enter a web address starting with http:// or https:// on a public site.'),
  ).toBeVisible();
  await page.getByLabel('Address 1').fill('https://portfolio.example.org/ines');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(status(page)).toHaveText('Saved as a draft. Only you can see it until you publish.');
  const preview = page.getByRole('link', { name: /Preview the saved draft/ });
  await expect(preview).toHaveAttribute('href', /^\/_preview\/people\/\?profileId=[0-9a-f-]{36}$/);
  const profileId = new URL((await preview.getAttribute('href'))!, e2eBase).searchParams.get('profileId')!;

  // Another reader asking for the draft is told there is no such profile.
  const other = await reader(browser, 'profile-other');
  const peek = await graphql(
    other.page,
    `
      query ($id: ID) {
        personProfileSource(profileId: $id) {
          __typename
          ... on Error {
            message
          }
        }
      }
    `,
    { id: profileId },
  );
  expect(peek.data?.personProfileSource).toEqual({
    __typename: 'ProfileNotFoundError',
    message: 'There is no such profile.',
  });
  // The preview shows the draft to its owner, and the other reader the 404 page.
  expect((await other.page.request.get(`/_preview/people/?profileId=${profileId}`)).status()).toBe(404);
  const previewPage = await page.context().newPage();
  await previewPage.goto(`/_preview/people/?profileId=${profileId}`);
  await expect(previewPage.getByText('Preview — not published.')).toBeVisible();
  await expect(previewPage.getByRole('heading', { level: 1 })).toContainText(`Ines ${lastName}`);
  await expect(previewPage.getByText('Creative Director').first()).toBeVisible();
  await previewPage.close();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(status(page)).toHaveText('Published: your profile is public.');
  const published = await graphql(
    other.page,
    `
      query ($slug: String) {
        personProfilePublic(slug: $slug) {
          __typename
          ... on PersonProfilePublicSuccess {
            data {
              firstName
              title
              profileCover
              careers {
                jobTitle
                organisationId
                timePeriod
              }
            }
          }
        }
      }
    `,
    { slug },
  );
  expect(published.data?.personProfilePublic?.__typename).toBe('PersonProfilePublicSuccess');
  const profile = published.data!.personProfilePublic!.data as {
    firstName: string;
    profileCover: string;
    careers: { jobTitle: string; organisationId: string | null }[];
  };
  expect(profile.firstName).toBe('Ines');
  expect(profile.profileCover).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
  expect(profile.careers.map((c) => c.jobTitle)).toEqual(['Creative Director', 'Head of Design']);
  expect(profile.careers[0]!.organisationId).toMatch(/^[0-9a-f-]{36}$/);
  const coverFile = await page.request.get(profile.profileCover);
  expect(coverFile.headers()['content-type']).toBe('image/webp');
  // Published: the profile's page, and the people directory finds it by name.
  const personPage = await other.page.request.get(`/people/${slug}/`);
  expect(personPage.status()).toBe(200);
  expect(await personPage.text()).toContain('Creative Director');
  await other.page.goto(`/people/?name=${encodeURIComponent(lastName)}`);
  await expect(other.page.getByRole('link', { name: new RegExp(`Ines ${lastName}`) })).toBeVisible();

  // Two tabs: the second saves first; the first, still at the old version, is refused and keeps its text.
  const second = await page.context().newPage();
  await second.goto('/user/people/profiles/edit/');
  await second.getByLabel('Summary').fill('Saved from the second tab.');
  await second.getByRole('button', { name: 'Save draft' }).click();
  await expect(status(second)).toHaveText('Saved as a draft. Only you can see it until you publish.');
  await page.getByLabel('Summary').fill('Typed in the first tab.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(status(page)).toContainText('This profile was saved by someone else while you were editing');
  await expect(page.getByLabel('Summary')).toHaveValue('Typed in the first tab.');
  await checkPage(page, testInfo, 'person-editor-stale');
  await second.close();
  await other.page.context().close();
});

/** An admin (a real reader whose token says is_bof_admin) grants `ownerEmail` a Partner membership. */
async function grantPartnerMembership(browser: Browser, ownerEmail: string, title: string) {
  const admin = await reader(browser, 'profile-org-admin');
  const claims = (await sessionClaims(admin.page)) as ReaderClaims;
  const cookies = await readerCookies({ ...claims, is_bof_admin: true });
  await admin.page
    .context()
    .addCookies(Object.entries(cookies).map(([name, value]) => ({ name, value, url: e2eBase })));
  const body = await graphql(
    admin.page,
    `
      mutation ($input: GrantPartnerMembershipInput!) {
        grantPartnerMembership(input: $input) {
          __typename
          ... on OrganisationAccount {
            accountId
          }
          ... on Error {
            message
          }
        }
      }
    `,
    {
      input: {
        title,
        ownerEmail,
        membershipLevel: 'Standard',
        seats: 2,
        endsAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    },
  );
  expect(body.data?.grantPartnerMembership?.__typename).toBe('OrganisationAccount');
  await admin.page.context().close();
}

test('an organisation owner creates its profile, adds and reorders projects with an image and a video, and publishes', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(480_000);
  const ownerEmail = freshEmail('profile-org-owner');
  await registerWithCode(page, ownerEmail);
  const accountTitle = `Atelier Profilo ${rand()}`;
  await grantPartnerMembership(browser, ownerEmail, accountTitle);

  await page.goto('/user/organisations/profiles/');
  await expect(page.getByRole('heading', { level: 2, name: accountTitle })).toBeVisible();
  await checkPage(page, testInfo, 'organisation-profiles');
  await page.getByRole('link', { name: `Create the profile of ${accountTitle}` }).click();
  await expect(page.getByTestId('profile-state')).toContainText('This organisation has no profile yet');
  await checkPage(page, testInfo, 'organisation-editor-new');

  const slug = `profile-org-${rand()}`;
  await page.getByLabel(/^Name/).fill(accountTitle);
  await page.getByLabel('Address name').fill(slug);
  await page.getByLabel('Summary').fill('A small atelier making repairable clothes.');
  await page.getByRole('button', { name: 'Create the profile' }).click();
  await expect(status(page)).toHaveText(
    'Saved as a draft. Only your organisation’s editors see it until you publish.',
  );
  const preview = page.getByRole('link', { name: /Preview the saved draft/ });
  await expect(preview).toHaveAttribute('href', /^\/_preview\/organisations\/\?profileId=[0-9a-f-]{36}$/);
  const profileId = new URL((await preview.getAttribute('href'))!, e2eBase).searchParams.get('profileId')!;

  // Projects: one with a photo and a YouTube asset (a link of another site is refused by the field first).
  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Projects of ${accountTitle}`);
  await page.getByRole('button', { name: 'Add a project' }).click();
  await page.getByLabel('Project title').fill('The archive');
  await page.getByRole('button', { name: 'Add a photo asset' }).click();
  await page
    .getByTestId('image-assets.0.url')
    .getByLabel('Upload a photo')
    .setInputFiles(await photo('archive.png', '#9d4edd'));
  await expect(page.getByTestId('image-assets.0.url-status')).toHaveText('Uploaded. Save to keep it.');
  await page.getByRole('button', { name: 'Add a YouTube asset' }).click();
  await page.getByLabel('Asset 2 YouTube link').fill('https://vimeo.com/12345');
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(page.getByText('Use a YouTube watch, embed, short or shorts link.')).toBeVisible();
  await page.getByLabel('Asset 2 YouTube link').fill('https://youtu.be/dQw4w9WgXcQ');
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(status(page)).toHaveText('Project “The archive” added.');

  await page.getByRole('button', { name: 'Add a project' }).click();
  await page.getByLabel('Project title').fill('The workshop');
  await page.getByRole('button', { name: 'Add project' }).click();
  await expect(status(page)).toHaveText('Project “The workshop” added.');
  await expect(page.getByTestId('project-title')).toHaveText(['1. The archive', '2. The workshop']);

  // Reordered by keyboard: focus the button and press Enter (once the editor has moved focus to its status
  // message after the add, as it does for screen readers, so it does not take the focus back meanwhile).
  await expect(status(page)).toBeFocused();
  await page.getByRole('button', { name: 'Move “The workshop” up' }).focus();
  await page.keyboard.press('Enter');
  await expect(status(page)).toHaveText('“The workshop” moved up: it is now number 1.');
  await expect(page.getByTestId('project-title')).toHaveText(['1. The workshop', '2. The archive']);
  await checkPage(page, testInfo, 'organisation-projects');

  // Another reader sees neither the draft nor a public version.
  const other = await reader(browser, 'profile-org-other');
  const peek = await graphql(
    other.page,
    `
      query ($id: ID) {
        organisationProfileSource(profileId: $id) {
          __typename
          ... on Error {
            message
          }
        }
        organisationProfilePublic(profileId: $id) {
          __typename
        }
      }
    `,
    { id: profileId },
  );
  expect(peek.data?.organisationProfileSource?.__typename).toBe('ProfileNotFoundError');
  expect(peek.data?.organisationProfilePublic?.__typename).toBe('ProfileNotFoundError');
  await other.page.goto(`/user/organisations/profiles/edit/?profileId=${profileId}`);
  await expect(other.page.getByTestId('profile-not-found')).toBeVisible();

  await page.getByRole('link', { name: 'Edit the profile and publish' }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue(accountTitle);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(status(page)).toHaveText('Published: the organisation’s profile and its projects are public.');
  await checkPage(page, testInfo, 'organisation-editor-published');

  const published = await graphql(
    other.page,
    `
      query ($slug: String) {
        organisationProfilePublic(slug: $slug) {
          __typename
          ... on OrganisationProfilePublicSuccess {
            data {
              title
              projects {
                title
                assets {
                  type
                  url
                }
              }
            }
          }
        }
      }
    `,
    { slug },
  );
  expect(published.data?.organisationProfilePublic?.__typename).toBe('OrganisationProfilePublicSuccess');
  const profile = published.data!.organisationProfilePublic!.data as {
    title: string;
    projects: { title: string; assets: { type: string; url: string }[] }[];
  };
  expect(profile.projects.map((p) => p.title)).toEqual(['The workshop', 'The archive']);
  expect(profile.projects[1]!.assets.map((a) => a.type)).toEqual(['IMAGE', 'YOUTUBE']);
  expect(profile.projects[1]!.assets[0]!.url).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
  expect(profile.projects[1]!.assets[1]!.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await other.page.context().close();
});
