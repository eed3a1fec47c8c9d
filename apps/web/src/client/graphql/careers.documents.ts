import { graphql } from './graphql';

export const SaveJobMutation = graphql(`
  mutation SaveJob($input: JobIdInput!) {
    saveJob(input: $input) {
      __typename
      ... on JobListing {
        jobId
      }
      ... on Error {
        message
      }
    }
  }
`);

export const UnsaveJobMutation = graphql(`
  mutation UnsaveJob($input: JobIdInput!) {
    unsaveJob(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export const CreateJobAlertMutation = graphql(`
  mutation CreateJobAlert($input: CreateJobAlertInput!) {
    createJobAlert(input: $input) {
      __typename
      ... on JobAlert {
        alertId
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

export const DeleteJobAlertMutation = graphql(`
  mutation DeleteJobAlert($input: DeleteJobAlertInput!) {
    deleteJobAlert(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export const PostJobListingMutation = graphql(`
  mutation PostJobListing($input: PostJobListingInput!) {
    postJobListing(input: $input) {
      __typename
      ... on JobListing {
        jobId
        slug
        status
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

export const UpdateJobListingMutation = graphql(`
  mutation UpdateJobListing($input: UpdateJobListingInput!) {
    updateJobListing(input: $input) {
      __typename
      ... on JobListing {
        jobId
        slug
        status
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

export const ReviewJobListingMutation = graphql(`
  mutation ReviewJobListing($input: ReviewJobListingInput!) {
    reviewJobListing(input: $input) {
      __typename
      ... on JobListing {
        jobId
        status
      }
      ... on Error {
        message
      }
    }
  }
`);
