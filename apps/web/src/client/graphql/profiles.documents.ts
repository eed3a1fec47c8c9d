import { graphql } from './graphql';

/** BoF 500 people by name prefix, category, country and year: what /bof500/search/ shows as you type. */
export const Bof500SearchQuery = graphql(`
  query Bof500Search($filter: Bof500SearchInput!) {
    bof500Search(filter: $filter) {
      __typename
      ... on Bof500SearchSuccess {
        data {
          year
          category
          profile {
            profileId
            slug
            firstName
            lastName
            title
            location {
              country
            }
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`);
