import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import type { Viewer } from '../auth/viewer';
import { createGraphQLHarness, type GraphQLHarness } from '../testing/graphql-harness';
import { createGraphQLHandler, type GraphQLHandler } from '../yoga';
import { asksOnlyShareableFields, SHAREABLE_QUERY_FIELDS } from './graphql-shared-answers';
import { schema } from '../schema';

// Which answers the endpoint calls shareable (the server entry gives those again to anonymous readers
// without running the query): anonymous queries of published content and reference lists only.

let harness: GraphQLHarness;
let handler: GraphQLHandler;
let viewer: Viewer;
const VIEWER_HEADER = 'x-test-viewer';

beforeAll(async () => {
  harness = await createGraphQLHarness();
  viewer = await harness.signIn('shared-answers-reader');
  handler = createGraphQLHandler({
    production: true,
    services: async () => harness.services,
    resolveViewer: async (request) => {
      const header = request.headers.get(VIEWER_HEADER);
      return header ? (JSON.parse(header) as Viewer) : null;
    },
    limits: { expensiveCost: 1000 },
  });
});
afterAll(async () => {
  await harness?.close();
});

async function ask(body: unknown, options: { signedIn?: boolean } = {}) {
  const request = new Request(harness.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.signedIn ? { [VIEWER_HEADER]: JSON.stringify(viewer) } : {}),
    },
    body: JSON.stringify(body),
  });
  const response = await handler(request);
  await response.arrayBuffer();
  return { status: response.status, shareable: handler.isShareable(request) };
}

describe('shareable GraphQL answers', () => {
  it('are anonymous queries of reference lists and published content', async () => {
    for (const query of [
      '{ countries(first: 20) { ... on CountryConnection { edges { node { key title } } } } }',
      '{ sections { slug name } topics { slug } }',
      '{ __typename siteInfo { name } }',
      'query One($slug: String!) { topic(slug: $slug) { slug } }',
    ])
      expect(await ask({ query, variables: { slug: 'luxury' } }), query).toEqual({
        status: 200,
        shareable: true,
      });
  });

  it('are never a signed-in reader’s', async () => {
    expect(await ask({ query: '{ sections { slug } }' }, { signedIn: true })).toEqual({
      status: 200,
      shareable: false,
    });
  });

  it('are never answers that name the viewer, mix in other fields, or change anything', async () => {
    expect((await ask({ query: '{ viewer { __typename } }' })).shareable).toBe(false);
    expect((await ask({ query: '{ sections { slug } newsletters { __typename } }' })).shareable).toBe(false);
    expect((await ask({ query: '{ ... on Query { sections { slug } } }' })).shareable).toBe(false);
    expect(
      (
        await ask({
          query: 'mutation { updatePersonalDetails(input: { organisationTitle: "X" }) { __typename } }',
        })
      ).shareable,
    ).toBe(false);
  });

  it('are never refusals, errors or expensive queries (those stay counted per client)', async () => {
    // A validation error is a 200 to a client that accepts any JSON (GraphQL over HTTP's legacy mode).
    expect((await ask({ query: '{ sections { nope } }' })).shareable).toBe(false);
    expect(await ask({ query: '{ sections {' })).toEqual({ status: 400, shareable: false });
    expect((await ask({ query: '{ article(slug: 5) { slug } }' })).shareable).toBe(false);
    // Every topic's page of stories: over the anonymous "expensive" cost.
    const expensive = await ask({
      query: '{ topics { slug stories { stories { headline url section { name } authors { name } } } } }',
    });
    expect(expensive.shareable).toBe(false);
  });

  it('name only fields the schema has and that take no viewer', () => {
    const fields = schema.getQueryType()!.getFields();
    for (const name of SHAREABLE_QUERY_FIELDS) expect(fields[name], name).toBeDefined();
    expect(SHAREABLE_QUERY_FIELDS.has('viewer')).toBe(false);
  });

  it('choose the named operation of a document', () => {
    const document = parse('query A { sections { slug } } query B { viewer { __typename } }');
    expect(asksOnlyShareableFields(document, 'A')).toBe(true);
    expect(asksOnlyShareableFields(document, 'B')).toBe(false);
    expect(asksOnlyShareableFields(document, 'C')).toBe(false);
  });
});
