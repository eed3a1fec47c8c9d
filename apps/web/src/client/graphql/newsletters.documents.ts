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

/** A signed-out reader asks for newsletters by address: a confirmation e-mail goes out (double opt-in). */
export const SubscribeEmailToNewslettersMutation = graphql(`
  mutation SubscribeEmailToNewsletters($input: SubscribeEmailToNewslettersInput!) {
    subscribeEmailToNewsletters(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on NewsletterSignUpRequested {
        email
      }
    }
  }
`);

/** Confirms an e-mailed sign-up; answers where the reader sets a password. */
export const ConfirmAnonUserToNewsletterSubscriptionMutation = graphql(`
  mutation ConfirmAnonUserToNewsletterSubscription($input: ConfirmAnonUserToNewsletterSubscriptionInput!) {
    confirmAnonUserToNewsletterSubscription(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on NewsletterSignUpConfirmed {
        newsletterIds
        newlySubscribedIds
        recoveryLink
        alreadyConfirmed
      }
    }
  }
`);
