import { createYoga } from 'graphql-yoga';
import type { GraphQLContext } from './context';
import { getPlatform } from './platform/platform';
import { schema } from './schema';

export const GRAPHQL_ENDPOINT = '/api/graphql/';

/** The GraphQL endpoint as a fetch handler. Unexpected errors are masked; expected ones are typed results. */
export function createGraphQLHandler(options: {
  production: boolean;
}): (request: Request) => Promise<Response> {
  const yoga = createYoga<Record<string, never>, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    maskedErrors: true,
    graphiql: !options.production,
    landingPage: false,
    context: async () => ({ platform: await getPlatform() }),
  });
  return async (request) => yoga.fetch(request);
}
