import { graphql } from '../../client/graphql/graphql';
import { browserGraphQLClient } from '../../client/graphql/browser-graphql-client';
import { runQuery, type GraphQLClientOptions } from '../../client/graphql/graphql-client';

const AccountNameQuery = graphql(`
  query AccountName {
    viewer {
      __typename
      ... on Viewer {
        userData {
          firstName
          lastName
        }
      }
    }
  }
`);

export interface AccountName {
  firstName: string | null;
  lastName: string | null;
}

/**
 * The signed-in reader's name from their personal details, or null when they are not signed in after
 * all. Loaded on demand by the header, so the GraphQL client stays out of every page's first load.
 */
export async function loadAccountName(
  options: Pick<GraphQLClientOptions, 'config' | 'onAuthError'>,
): Promise<AccountName | null> {
  const data = await runQuery(browserGraphQLClient(options), AccountNameQuery, {});
  if (data.viewer.__typename !== 'Viewer') return null;
  return {
    firstName: data.viewer.userData?.firstName ?? null,
    lastName: data.viewer.userData?.lastName ?? null,
  };
}
