import { graphql } from './graphql';

/** One page of an account's users (search by name or address, cursor paging). */
export const OrganisationAccountUsersQuery = graphql(`
  query OrganisationAccountUsers($filter: OrganisationAccountUsersFilter!) {
    organisationAccountUsers(filter: $filter) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountUsersPage {
        users {
          accountUserId
          userId
          email
          firstName
          lastName
          role
          createdAt
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

/** Adds addresses to the account, all or none; each row's outcome comes back. */
export const AddOrganisationUsersMutation = graphql(`
  mutation AddOrganisationUsers($input: AddUsersToOrganisationAccountInput!) {
    addUsersToOrganisationAccount(input: $input) {
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
      ... on SeatAllocationError {
        errorType
      }
      ... on OrganisationAccountUsersAdded {
        rows {
          row
          email
          status
        }
        seats {
          allocatedSeats
          purchasedSeats
          totalSeatsRemaining
        }
      }
    }
  }
`);

export const RemoveOrganisationUserMutation = graphql(`
  mutation RemoveOrganisationUser($input: RemoveUserFromOrganisationAccountInput!) {
    removeUserFromOrganisationAccount(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountUserRemoved {
        removed {
          email
        }
        seats {
          allocatedSeats
          purchasedSeats
          totalSeatsRemaining
        }
      }
    }
  }
`);

export const ChangeOrganisationUserRoleMutation = graphql(`
  mutation ChangeOrganisationUserRole($input: ChangeOrganisationAccountUserRoleInput!) {
    changeOrganisationAccountUserRole(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountUser {
        accountUserId
        role
      }
    }
  }
`);

export const ResendOrganisationInvitationMutation = graphql(`
  mutation ResendOrganisationInvitation($input: ResendOrganisationAccountInvitationInput!) {
    resendOrganisationAccountInvitation(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationAccountUser {
        email
      }
    }
  }
`);

export const JoinOrganisationAccountMutation = graphql(`
  mutation JoinOrganisationAccount($input: JoinOrganisationAccountInput!) {
    joinOrganisationAccount(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on SeatAllocationError {
        errorType
      }
      ... on OrganisationAccountUser {
        role
      }
    }
  }
`);

export type SeatCounts = { allocatedSeats: number; purchasedSeats: number; totalSeatsRemaining: number };

/** What buying more seats costs today (prorated) and from renewal; owners only. */
export const OrganisationSeatPurchasePreviewQuery = graphql(`
  query OrganisationSeatPurchasePreview($input: OrganisationSeatPurchasePreviewInput!) {
    previewOrganisationSeatPurchase(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on SeatAllocationError {
        errorType
      }
      ... on OrganisationSeatPurchasePreview {
        seats
        totalSeats
        unitAmount
        preview {
          currency
          dueToday
          proRata
          taxAmount
          total
        }
      }
    }
  }
`);

/** Buys more seats on the card on file, for exactly the previewed amount, once per key. */
export const PurchaseOrganisationSeatsMutation = graphql(`
  mutation PurchaseOrganisationSeats($input: PurchaseOrganisationSeatsInput!) {
    purchaseOrganisationSeats(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on SeatAllocationError {
        errorType
      }
      ... on SubscriptionUpgradeError {
        reason
      }
      ... on OrganisationSeatPurchase {
        seatsBought
        purchasedSeats
        amountCharged
        currency
      }
    }
  }
`);
