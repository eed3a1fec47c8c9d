import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphQLHarness, type GraphQLHarness } from '@bof/api/testing/graphql-harness';
import { createGraphQLClient, runMutation, runQuery } from './graphql-client';
import {
  PersonalDetailsOptionsQuery,
  UpdatePersonalDetailsMutation,
  ViewerPersonalDetailsQuery,
} from './personal-details.documents';

type Viewer = Awaited<ReturnType<GraphQLHarness['signIn']>>;

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

// The browser client, talking to the real endpoint in-process; the viewer rides in the harness's
// test header where the browser would send its bof_session cookie.
function browser(viewer: Viewer | null) {
  let refreshes = 0;
  const client = createGraphQLClient({
    url: harness.url,
    config: { appVersion: '8.57.0', appName: 'frontend' },
    onAuthError: async () => {
      refreshes++;
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (viewer) headers.set('x-test-viewer', JSON.stringify(viewer));
      return harness.handler(new Request(String(input), { ...init, headers }));
    }) as typeof fetch,
  });
  return { client, refreshes: () => refreshes };
}

describe('the client documents against the GraphQL endpoint', () => {
  it('an anonymous viewer query returns AuthError and forces one token refresh', async () => {
    const { client, refreshes } = browser(null);
    const data = await runQuery(client, ViewerPersonalDetailsQuery, {});
    expect(data.viewer.__typename).toBe('AuthError');
    expect(refreshes()).toBe(1);
  });

  it('loads every option list of the personal-details form within the request limits', async () => {
    const { client } = browser(null);
    const data = await runQuery(client, PersonalDetailsOptionsQuery, {});
    if (
      data.countries.__typename !== 'CountryConnection' ||
      data.jobLevels.__typename !== 'JobLevelConnection'
    )
      throw new Error('expected the lists, not a refusal');
    expect(data.countries.edges.length).toBeGreaterThanOrEqual(249);
    expect(data.jobLevels.edges[0]?.node).toMatchObject({ key: 'student', title: 'Student' });
  });

  it('saves personal details, and reports every bad field', async () => {
    const viewer = await harness.signIn('client-user');
    const { client, refreshes } = browser(viewer);
    const saved = await runMutation(client, UpdatePersonalDetailsMutation, {
      input: { firstName: 'Ada', lastName: 'Lovelace', country: 'GB' },
    });
    expect(saved.updatePersonalDetails).toMatchObject({
      __typename: 'UserData',
      firstName: 'Ada',
      country: 'GB',
    });
    const refused = await runMutation(client, UpdatePersonalDetailsMutation, {
      input: { firstName: '', country: 'Narnia' },
    });
    const result = refused.updatePersonalDetails;
    if (result.__typename !== 'ZodError') throw new Error(`expected ZodError, got ${result.__typename}`);
    expect(result.fieldErrors.map((e) => e.path.join('.')).sort()).toEqual([
      'input.country',
      'input.firstName',
    ]);
    const reread = await runQuery(client, ViewerPersonalDetailsQuery, {});
    expect(reread.viewer.__typename === 'Viewer' && reread.viewer.userData?.country).toBe('GB');
    expect(refreshes()).toBe(0);
  });
});
