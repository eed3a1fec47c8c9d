import { graphql } from './graphql';

/** Subscribes or unsubscribes the signed-in reader; answers every status afterwards. */
export const UpdateNewsletterSubscriptionsMutation = graphql(`
  mutation UpdateNewsletterSubscriptions($input: UpdateNewsletterSubscriptionsInput!) {
    updateNewsletterSubscriptions(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on NewsletterSubscriptionsUpdated {
        newlySubscribedIds
        subscriptions {
          status
          newsletter {
            newsletterId
          }
        }
      }
    }
  }
`);
