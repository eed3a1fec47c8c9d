import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME, DEPLOYMENT_ID } from '@bof/config/constants';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const SITE_INFO = '{ siteInfo { name url deploymentId appName environment } }';

describe('siteInfo', () => {
  it('tells anyone, signed in or not, the facts of this deployment from its configuration', async () => {
    const { env } = harness.platform;
    const expected = {
      name: env.siteName,
      url: env.siteUrl,
      deploymentId: DEPLOYMENT_ID,
      appName: APP_NAME,
      environment: env.environment,
    };
    expect(expected).toMatchObject({ name: 'The Business of Fashion', url: 'http://localhost:3000' });
    const anonymous = await harness.post(SITE_INFO);
    expect(anonymous.body).toEqual({ data: { siteInfo: expected } });
    const reader = await harness.post(SITE_INFO, {}, await harness.signIn('site-info-reader'));
    expect(reader.body).toEqual({ data: { siteInfo: expected } });
  });

  it('takes no arguments: one given is refused before anything runs', async () => {
    const { body } = await harness.post('{ siteInfo(name: "x") { name } }');
    expect(body.data).toBeUndefined();
    expect(body.errors?.[0]?.message).toContain('Unknown argument "name"');
  });
});
