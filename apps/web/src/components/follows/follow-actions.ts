// The follow switch's requests. Loaded once a signed-in reader's page needs them (or a reader presses the
// switch), so the GraphQL client stays out of the first load of topic, section, author and profile pages.
import { browserGraphQLClient } from '../../client/graphql/browser-graphql-client';
import { runMutation, runQuery, type GraphQLClientOptions } from '../../client/graphql/graphql-client';
import {
  AddUserFollowMutation,
  RemoveUserFollowMutation,
  UserFollowsQuery,
} from '../../client/graphql/follows.documents';

type ClientOptions = Pick<GraphQLClientOptions, 'config' | 'onAuthError'>;

export type FollowsType =
  'AUTHOR_ID' | 'SITE_SECTION_ID' | 'TAG_SLUG' | 'ORGANISATION_PROFILE_ID' | 'PERSON_PROFILE_ID';

/** Follows or unfollows: the answer as the API gives it. */
export async function setFollow(
  options: ClientOptions,
  input: { followsType: FollowsType; followsKey: string },
  follow: boolean,
) {
  const client = browserGraphQLClient(options);
  return follow
    ? (await runMutation(client, AddUserFollowMutation, { input })).addUserFollow
    : (await runMutation(client, RemoveUserFollowMutation, { input })).removeUserFollow;
}

/** The keys the signed-in reader follows of one type, or null when they could not be read. */
export async function followedKeys(
  options: ClientOptions,
  followsType: FollowsType,
): Promise<string[] | null> {
  const result = await runQuery(browserGraphQLClient(options), UserFollowsQuery, { followsType });
  if (result.userFollows.__typename !== 'UserFollowsSuccess') return null;
  return result.userFollows.data.map((f) => f.followsKey);
}
