import { graphql } from './graphql';

/** The account's claimed e-mail domains (owners and admins). */
export const OrganisationAccountDomainsQuery = graphql(`
  query OrganisationAccountDomains($input: OrganisationAccountDomainsInput!) {
    organisationAccountDomains(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountDomains {
        domains {
          domainId
          domain
          isDisabled
          isVerified
          verificationEmail
          verificationSentAt
          verifiedAt
          createdAt
          disabledAt
          disabler {
            userId
            email
          }
        }
      }
    }
  }
`);

/** An owner claims a domain; the verification e-mail goes to an address at it. */
export const ClaimOrganisationDomainMutation = graphql(`
  mutation ClaimOrganisationDomain($input: ClaimOrganisationAccountDomainInput!) {
    claimOrganisationAccountDomain(input: $input) {
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
      ... on OrganisationAccountDomain {
        domainId
      }
    }
  }
`);

export const ResendOrganisationDomainVerificationMutation = graphql(`
  mutation ResendOrganisationDomainVerification($input: ResendOrganisationAccountDomainVerificationInput!) {
    resendOrganisationAccountDomainVerification(input: $input) {
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
      ... on OrganisationAccountDomain {
        domainId
        verificationEmail
      }
    }
  }
`);

export const DisableOrganisationDomainMutation = graphql(`
  mutation DisableOrganisationDomain($input: OrganisationAccountDomainInput!) {
    disableOrganisationAccountDomain(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountDomain {
        domainId
      }
    }
  }
`);

export const EnableOrganisationDomainMutation = graphql(`
  mutation EnableOrganisationDomain($input: OrganisationAccountDomainInput!) {
    enableOrganisationAccountDomain(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountDomain {
        domainId
      }
    }
  }
`);

/** Confirms a claim with the token of its verification link (the button on the link's page). */
export const ConfirmOrganisationDomainMutation = graphql(`
  mutation ConfirmOrganisationDomain($input: ConfirmOrganisationAccountDomainInput!) {
    confirmOrganisationAccountDomain(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountDomainConfirmed {
        domain
        accountTitle
      }
    }
  }
`);
