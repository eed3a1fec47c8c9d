import { graphql } from './graphql';

/** Sends a code to an academic address; the result says where it went, or why not. */
export const ValidateAcademicEmailMutation = graphql(`
  mutation ValidateAcademicEmail($input: ValidateAcademicEmailInput!) {
    validateAcademicEmail(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          code
          message
        }
      }
      ... on AcademicEmailCodeSent {
        email
        institution
        graduationYear
        expiresAt
      }
    }
  }
`);

/** Verifies the academic address with the e-mailed code. */
export const ConfirmAcademicEmailMutation = graphql(`
  mutation ConfirmAcademicEmail($input: ConfirmAcademicEmailInput!) {
    confirmAcademicEmail(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          code
          message
        }
      }
      ... on UserAcademicData {
        email
        emailVerified
        graduationYear
      }
    }
  }
`);

export const PurchaseStudentSubscriptionMutation = graphql(`
  mutation PurchaseStudentSubscription($input: PurchaseStudentSubscriptionInput!) {
    purchaseStudentSubscription(input: $input) {
      __typename
      ... on IndividualSubscription {
        id
        accountId
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
