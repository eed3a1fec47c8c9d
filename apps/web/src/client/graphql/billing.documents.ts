import { graphql } from './graphql';

export const PurchaseIndividualSubscriptionMutation = graphql(`
  mutation PurchaseIndividualSubscription($input: PurchaseIndividualSubscriptionInput!) {
    purchaseIndividualSubscription(input: $input) {
      __typename
      ... on IndividualSubscription {
        id
        planCode
        title
        isTrial
      }
      ... on SubscriptionPurchaseError {
        code
        message
      }
      ... on SubscriptionPurchase3DSSecureError {
        threeDSecureActionToken
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);
