import { graphql } from './graphql';

/** Sends a code to a new address; the result says where it went, or why not. */
export const RequestEmailChangeMutation = graphql(`
  mutation RequestEmailChange($input: RequestEmailChangeInput!) {
    requestEmailChange(input: $input) {
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
      ... on SessionRefreshRequiredError {
        redirectBrowserTo
      }
      ... on EmailChangeRequested {
        newEmail
        expiresAt
      }
    }
  }
`);

/** Confirms the pending change with the e-mailed code; an old sign-in must be renewed first. */
export const ConfirmEmailChangeMutation = graphql(`
  mutation ConfirmEmailChange($input: ConfirmEmailChangeInput!) {
    confirmEmailChange(input: $input) {
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
      ... on SessionRefreshRequiredError {
        redirectBrowserTo
      }
      ... on EmailChanged {
        email
      }
    }
  }
`);
