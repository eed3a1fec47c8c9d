import { describe, expect, it } from 'vitest';
import { GraphQLRequestError, createGraphQLClient, dataOf, runMutation, runQuery } from './graphql-client';
import { graphql } from './graphql';

const SiteQuery = graphql(`
  query Site {
    siteInfo {
      name
    }
  }
`);
const ViewerQuery = graphql(`
  query Viewer {
    viewer {
      __typename
      ... on Error {
        message
      }
    }
  }
`);
const UpdateMutation = graphql(`
  mutation Update($input: UpdatePersonalDetailsInput!) {
    updatePersonalDetails(input: $input) {
      __typename
    }
  }
`);

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials | undefined;
}

/** A client over a fake endpoint that answers each request with `respond`, recording what was sent. */
function clientWith(
  respond: (sent: Sent) => unknown,
  options: { method?: 'POST' | 'GET'; captchaToken?: () => string | undefined } = {},
) {
  const sent: Sent[] = [];
  const events: string[] = [];
  const client = createGraphQLClient({
    url: 'https://site.example/api/graphql/',
    config: { appVersion: '8.57.0', appName: 'frontend' },
    method: options.method,
    captchaToken: options.captchaToken,
    onAuthError: async () => {
      events.push('refresh');
    },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request: Sent = {
        method: init?.method ?? 'GET',
        url: String(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : null,
        credentials: init?.credentials,
      };
      sent.push(request);
      events.push('response');
      return Response.json(respond(request));
    }) as typeof fetch,
  });
  return { client, sent, events };
}

describe('the GraphQL client', () => {
  it('POSTs JSON with credentials and the app headers by default', async () => {
    const { client, sent } = clientWith(() => ({ data: { siteInfo: { name: 'BoF' } } }));
    expect(await runQuery(client, SiteQuery, {})).toEqual({ siteInfo: { name: 'BoF' } });
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.credentials).toBe('include');
    expect(sent[0]?.headers.get('content-type')).toContain('application/json');
    expect(sent[0]?.headers.get('x-app-version')).toBe('8.57.0');
    expect(sent[0]?.headers.get('x-app-name')).toBe('frontend');
    expect(sent[0]?.headers.has('x-captcha-token')).toBe(false);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ operationName: 'Site' });
  });

  it('sends queries by GET with the query in the URL when asked, mutations still by POST', async () => {
    const { client, sent } = clientWith(
      () => ({ data: { updatePersonalDetails: { __typename: 'UserData' } } }),
      {
        method: 'GET',
      },
    );
    await runQuery(client, SiteQuery, {}).catch(() => undefined);
    await runMutation(client, UpdateMutation, { input: { firstName: 'Ada' } });
    expect(sent[0]?.method).toBe('GET');
    expect(new URL(sent[0]?.url ?? '').searchParams.get('query')).toContain('siteInfo');
    expect(sent[1]?.method).toBe('POST');
  });

  it('adds the captcha token header when a token is supplied', async () => {
    const { client, sent } = clientWith(() => ({ data: { siteInfo: { name: 'BoF' } } }), {
      captchaToken: () => 'captcha-1',
    });
    await runQuery(client, SiteQuery, {});
    expect(sent[0]?.headers.get('x-captcha-token')).toBe('captcha-1');
  });

  it('treats a response with errors as a failure, even with data', async () => {
    const { client } = clientWith(() => ({
      data: { siteInfo: { name: 'BoF' } },
      errors: [{ message: 'Unexpected error.' }],
    }));
    await expect(runQuery(client, SiteQuery, {})).rejects.toBeInstanceOf(GraphQLRequestError);
    expect(() => dataOf({ data: undefined, error: undefined })).toThrow(GraphQLRequestError);
  });

  it('forces a token refresh on an AuthError result, then returns the response', async () => {
    const { client, events } = clientWith(() => ({
      data: { viewer: { __typename: 'AuthError', message: 'You need to sign in to do this.' } },
    }));
    expect(await runQuery(client, ViewerQuery, {})).toEqual({
      viewer: { __typename: 'AuthError', message: 'You need to sign in to do this.' },
    });
    expect(events).toEqual(['response', 'refresh']);
  });

  it('does not refresh for other results', async () => {
    const { client, events } = clientWith(() => ({ data: { viewer: { __typename: 'Viewer' } } }));
    await runQuery(client, ViewerQuery, {});
    expect(events).toEqual(['response']);
  });
});
