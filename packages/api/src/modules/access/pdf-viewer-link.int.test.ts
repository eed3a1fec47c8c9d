import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';
import { importContentInto } from '../content/content.module';
import { fixtureArticle, fixtureCaseStudy, fixtureTaxonomy } from '../content/content-fixtures';
import { memorySource } from '../content/content-source';
import { verifyPdfViewerLink } from './pdf-viewer-link';

let harness: GraphQLHarness;
let studyId: string;
let articleId: string;

const LINK = `query ($id: ID!) {
  generatePdfViewerLink(articleId: $id) {
    __typename
    ... on PdfViewerLink { url expiresAt }
    ... on Error { message }
  }
}`;
const link = async (id: string, viewer: Parameters<GraphQLHarness['post']>[2] = null) =>
  (await harness.post(LINK, { id }, viewer)).body.data?.generatePdfViewerLink as {
    __typename: string;
    url?: string;
    message?: string;
  };

beforeAll(async () => {
  harness = await createGraphQLHarness();
  const records = [...fixtureTaxonomy, fixtureCaseStudy('pdf-study'), fixtureArticle('pdf-article')];
  await importContentInto(
    harness.db,
    memorySource(records.map((value, i) => ({ source: 't', record: i + 1, value }))),
  );
  // The content changed after the services started: the access index reloads, as it would on its poll.
  const { index } = harness.services.access;
  await index.refresh();
  studyId = index.get('pdf-study')!.id;
  articleId = index.get('pdf-article')!.id;
});
afterAll(async () => {
  await harness?.close();
});

describe('generatePdfViewerLink', () => {
  it('gives an entitled member a signed link valid for minutes', async () => {
    const member = await harness.signIn('pdf-premium', {
      membershipLevel: 'Premium',
      membershipType: 'Individual',
    });
    const result = await link(studyId, member);
    expect(result.__typename).toBe('PdfViewerLink');
    const url = new URL(result.url!);
    expect(url.pathname).toBe('/case-studies/pdf-study/report.pdf');
    const { signingSecret } = harness.services.access;
    const params = { expires: url.searchParams.get('expires'), signature: url.searchParams.get('signature') };
    expect(verifyPdfViewerLink(signingSecret, studyId, params, new Date())).toBe(true);
    expect(verifyPdfViewerLink(signingSecret, studyId, params, new Date(Date.now() + 301_000))).toBe(false);
  });

  it('answers everyone else with the right error type', async () => {
    expect((await link(studyId)).__typename).toBe('AuthError');
    const reader = await harness.signIn('pdf-reader');
    expect(await link(studyId, reader)).toMatchObject({
      __typename: 'UnauthorizedError',
      message: 'The PDF report is for members with access to this case study.',
    });
    const standard = await harness.signIn('pdf-standard', {
      membershipLevel: 'Standard',
      membershipType: 'Individual',
    });
    expect((await link(studyId, standard)).__typename).toBe('UnauthorizedError');
    const member = await harness.signIn('pdf-premium-2', {
      membershipLevel: 'Premium',
      membershipType: 'Individual',
    });
    expect(await link(articleId, member)).toMatchObject({ __typename: 'BaseError' });
    expect((await link('not-a-uuid', member)).__typename).toBe('ZodError');
  });
});
