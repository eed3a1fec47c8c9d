import { graphql } from './graphql';

export const PurchaseOrganisationSubscriptionMutation = graphql(`
  mutation PurchaseOrganisationSubscription($input: PurchaseOrganisationSubscriptionInput!) {
    purchaseOrganisationSubscription(input: $input) {
      __typename
      ... on OrganisationAccount {
        accountId
        title
      }
      ... on SeatAllocationError {
        errorType
        message
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

export const ValidateVatQuery = graphql(`
  query ValidateVat($filter: ValidateVATFilter!) {
    validateVAT(filter: $filter) {
      __typename
      ... on VatValidation {
        vatNumber
        countryCode
        status
        reverseCharge
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
