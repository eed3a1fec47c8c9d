import { graphql } from './graphql';

/** The signed-in reader's personal details, for the account and one-more-step pages. */
export const ViewerPersonalDetailsQuery = graphql(`
  query ViewerPersonalDetails {
    viewer {
      __typename
      ... on Error {
        message
      }
      ... on Viewer {
        userData {
          firstName
          lastName
          country
          jobFunction
          jobIndustry
          jobLevel
          organisationTitle
        }
      }
    }
  }
`);

/** The reference lists the personal-details form chooses from: each fits one page, and together they stay
 * within the endpoint's cost limit (urql adds `__typename` to every selection, which counts too). A page
 * asked for out of bounds would be a ZodError instead of the connection. */
export const PersonalDetailsOptionsQuery = graphql(`
  query PersonalDetailsOptions {
    countries(first: 300) {
      ... on CountryConnection {
        edges {
          node {
            key
            title
          }
        }
      }
    }
    jobFunctions(first: 50) {
      ... on JobFunctionConnection {
        edges {
          node {
            key
            title
          }
        }
      }
    }
    jobIndustries(first: 50) {
      ... on JobIndustryConnection {
        edges {
          node {
            key
            title
          }
        }
      }
    }
    jobLevels(first: 50) {
      ... on JobLevelConnection {
        edges {
          node {
            key
            title
          }
        }
      }
    }
  }
`);

/** Saves personal details; the result is the saved UserData or an error (AuthError, ZodError, …). */
export const UpdatePersonalDetailsMutation = graphql(`
  mutation UpdatePersonalDetails($input: UpdatePersonalDetailsInput!) {
    updatePersonalDetails(input: $input) {
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
      ... on UserData {
        firstName
        lastName
        country
        jobFunction
        jobIndustry
        jobLevel
        organisationTitle
      }
    }
  }
`);
