import { graphql } from './graphql';

/** The VAPID key browsers subscribe with, and the signed-in reader's notification switches. */
export const PushNotificationsQuery = graphql(`
  query PushNotifications {
    pushNotifications {
      __typename
      ... on PushNotificationsSuccess {
        data {
          vapidPublicKey
          preferences {
            kind
            enabled
          }
          subscriptions {
            id
            userAgent
            createdAt
          }
        }
      }
    }
  }
`);

/** Keeps this browser's push subscription for the signed-in reader. */
export const SubscribePushMutation = graphql(`
  mutation SubscribePush($input: SubscribePushInput!) {
    subscribePush(input: $input) {
      __typename
      ... on PushSubscription {
        id
      }
      ... on Error {
        message
      }
    }
  }
`);

/** Forgets one of the reader's browsers: it gets no more notifications. */
export const UnsubscribePushMutation = graphql(`
  mutation UnsubscribePush($input: UnsubscribePushInput!) {
    unsubscribePush(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`);

/** Turns one kind of notification on or off. */
export const SetNotificationPreferenceMutation = graphql(`
  mutation SetNotificationPreference($input: SetNotificationPreferenceInput!) {
    setNotificationPreference(input: $input) {
      __typename
      ... on NotificationPreference {
        kind
        enabled
      }
      ... on Error {
        message
      }
    }
  }
`);

/** Editors: sends a published story as breaking news. */
export const SendBreakingNewsMutation = graphql(`
  mutation SendBreakingNews($storyId: ID!) {
    sendBreakingNews(input: { storyId: $storyId }) {
      __typename
      ... on BreakingNewsQueued {
        queued
      }
      ... on Error {
        message
      }
    }
  }
`);
