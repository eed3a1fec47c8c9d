import { graphql } from './graphql';

/** Gifts a story; the link it returns opens the whole story for anyone, for a while. */
export const CreateStoryGiftMutation = graphql(`
  mutation CreateStoryGift($input: CreateStoryGiftInput!) {
    createStoryGift(input: $input) {
      __typename
      ... on StoryGift {
        id
        storyGiftUrl
        expiresAt
        maxReaders
      }
      ... on Error {
        message
      }
    }
  }
`);

/** The signed-in reader's gifts and this month's allowance. */
export const StoryGiftsQuery = graphql(`
  query StoryGifts {
    storyGifts {
      __typename
      ... on Error {
        message
      }
      ... on StoryGiftAllowance {
        remainingThisMonth
        gifts {
          id
          headline
          storyGiftUrl
          createdAt
          expiresAt
          revokedAt
          readers
          maxReaders
        }
      }
    }
  }
`);

/** Stops a gift link from opening its story. */
export const RevokeStoryGiftMutation = graphql(`
  mutation RevokeStoryGift($input: RevokeStoryGiftInput!) {
    revokeStoryGift(input: $input) {
      __typename
      ... on StoryGift {
        id
        revokedAt
      }
      ... on Error {
        message
      }
    }
  }
`);
