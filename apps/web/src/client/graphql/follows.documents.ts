import { graphql } from './graphql';

/** What the signed-in reader follows of one type. */
export const UserFollowsQuery = graphql(`
  query UserFollows($followsType: FollowType) {
    userFollows(followsType: $followsType) {
      __typename
      ... on UserFollowsSuccess {
        data {
          followsType
          followsKey
        }
      }
    }
  }
`);

export const AddUserFollowMutation = graphql(`
  mutation AddUserFollow($input: UserFollowInput!) {
    addUserFollow(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export const RemoveUserFollowMutation = graphql(`
  mutation RemoveUserFollow($input: UserFollowInput!) {
    removeUserFollow(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);
