import { graphql } from './graphql';

export const PurchaseIndividualSubscriptionMutation = graphql(`
  mutation PurchaseIndividualSubscription($input: PurchaseIndividualSubscriptionInput!) {
    purchaseIndividualSubscription(input: $input) {
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

export const PurchaseSubscriptionUpgradeMutation = graphql(`
  mutation PurchaseSubscriptionUpgrade($input: PurchaseSubscriptionUpgradeInput!) {
    purchaseSubscriptionUpgrade(input: $input) {
      __typename
      ... on SubscriptionUpgradeReceipt {
        amountCharged
        currency
        previousPlanCode
        invoiceId
        subscription {
          id
          planCode
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const CancellationOfferQuery = graphql(`
  query CancellationOffer {
    cancellationDiscount {
      __typename
      ... on CancellationCoupon {
        code
        discountPercent
      }
    }
  }
`);

export const RedeemCancellationDiscountMutation = graphql(`
  mutation RedeemCancellationDiscount($input: RedeemCancellationDiscountCouponInput!) {
    redeemCancellationDiscountCoupon(input: $input) {
      __typename
      ... on RecurlySubscription {
        uuid
        planCode
      }
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          message
        }
      }
    }
  }
`);

export const CancelSubscriptionMutation = graphql(`
  mutation CancelSubscription($input: CancelSubscriptionInput!) {
    cancelSubscription(input: $input) {
      __typename
      ... on RecurlySubscription {
        uuid
        planCode
        state
        expiresAt
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

export const UpdateIndividualBillingInfoMutation = graphql(`
  mutation UpdateIndividualBillingInfo($input: UpdateIndividualBillingInfoInput!) {
    updateIndividualBillingInfo(input: $input) {
      __typename
      ... on BillingInfo {
        countryCode
        card {
          cardType
          lastFour
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const ReactivateSubscriptionMutation = graphql(`
  mutation ReactivateSubscription($input: ReactivateSubscriptionInput!) {
    reactivateSubscription(input: $input) {
      __typename
      ... on RecurlySubscription {
        uuid
        state
      }
      ... on Error {
        message
      }
    }
  }
`);
