import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveServices } from '@bof/api/running-services';
import { POST as graphql } from '../../app/api/graphql/route';
import { identitySession } from '../../server/testing/identity-browser';
import { signInToProduct } from '../../server/testing/product-sign-in';
import { startProduct, type StartedProduct } from '../../server/testing/start-product';
import { createGraphQLClient, runMutation, runQuery } from './graphql-client';
import {
  PersonalDetailsOptionsQuery,
  UpdatePersonalDetailsMutation,
  ViewerPersonalDetailsQuery,
} from './personal-details.documents';

let product: StartedProduct;
beforeAll(async () => {
  product = await startProduct();
  serveServices(Promise.resolve(product.services));
});
afterAll(async () => {
  await product?.close();
});

const siteUrl = () => product.services.env.siteUrl;

/** A reader who registered with the identity server and signed in: the browser's cookie header. */
async function signedInReader(email: string): Promise<string> {
  const base = product.services.env.identityBaseUrl;
  const { cookie } = await identitySession((r) => product.identity.mounted.server.fetch(r), base, email);
  return signInToProduct(siteUrl(), cookie);
}

// The browser client, talking to the GraphQL route in-process with the browser's cookies.
function browser(cookies: string | null) {
  let refreshes = 0;
  const client = createGraphQLClient({
    url: `${siteUrl()}/api/graphql/`,
    config: { appVersion: '8.57.0', appName: 'frontend' },
    onAuthError: async () => {
      refreshes++;
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (cookies) headers.set('cookie', cookies);
      return graphql(new Request(String(input), { ...init, headers }));
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
    const { client, refreshes } = browser(await signedInReader('client-user@example.org'));
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
