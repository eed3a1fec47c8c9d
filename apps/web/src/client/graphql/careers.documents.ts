import { graphql } from './graphql';

export const SaveJobMutation = graphql(`
  mutation SaveJob($jobId: ID!) {
    saveJob(jobId: $jobId) {
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
  mutation UnsaveJob($jobId: ID!) {
    unsaveJob(jobId: $jobId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export const CreateJobAlertMutation = graphql(`
  mutation CreateJobAlert($search: JobSearchInput!) {
    createJobAlert(search: $search) {
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
  mutation DeleteJobAlert($alertId: ID!) {
    deleteJobAlert(alertId: $alertId) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

export const PostJobListingMutation = graphql(`
  mutation PostJobListing($input: JobListingInput!) {
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
  mutation UpdateJobListing($jobId: ID!, $input: JobListingInput!) {
    updateJobListing(jobId: $jobId, input: $input) {
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
  mutation ReviewJobListing($jobId: ID!, $decision: JobReviewDecision!, $reason: String) {
    reviewJobListing(jobId: $jobId, decision: $decision, reason: $reason) {
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
