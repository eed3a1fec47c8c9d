import { graphql } from './graphql';

export const BuyEventTicketsMutation = graphql(`
  mutation BuyEventTickets($input: BuyEventTicketsInput!) {
    buyEventTickets(input: $input) {
      __typename
      ... on EventOrder {
        orderId
        ticketQty
        ticketTypeName
        currency
      }
      ... on EventTicketError {
        code
        message
      }
      ... on TicketPurchase3DSecureError {
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

export const AdmitEventTicketMutation = graphql(`
  mutation AdmitEventTicket($input: AdmitEventTicketInput!) {
    admitEventTicket(input: $input) {
      __typename
      ... on EventAdmission {
        admittedAtLocal
      }
      ... on TicketAlreadyAdmittedError {
        admittedAtLocal
        message
      }
      ... on EventTicketError {
        code
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

export const RefundEventOrderMutation = graphql(`
  mutation RefundEventOrder($input: RefundEventOrderInput!) {
    refundEventOrder(input: $input) {
      __typename
      ... on EventOrder {
        orderId
        status
      }
      ... on Error {
        message
      }
    }
  }
`);
