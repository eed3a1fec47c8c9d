// The sign-up box's two requests. Loaded only when a reader starts to fill the box in (or sends it), so the
// GraphQL client stays out of the story page's first load.
import { browserGraphQLClient } from '../../client/graphql/browser-graphql-client';
import { runMutation, type GraphQLClientOptions } from '../../client/graphql/graphql-client';
import {
  SubscribeEmailToNewslettersMutation,
  UpdateNewsletterSubscriptionsMutation,
} from '../../client/graphql/newsletters.documents';

type ClientOptions = Pick<GraphQLClientOptions, 'config' | 'onAuthError'>;

/** A signed-out reader asks for newsletters by address: the answer as the API gives it. */
export async function requestNewslettersByEmail(
  options: ClientOptions,
  input: { email: string; newsletterIds: string[]; placementVariant: string },
) {
  const data = await runMutation(browserGraphQLClient(options), SubscribeEmailToNewslettersMutation, {
    input,
  });
  return data.subscribeEmailToNewsletters;
}

/** Subscribes the signed-in reader to the chosen newsletters: the answer as the API gives it. */
export async function subscribeToNewsletters(
  options: ClientOptions,
  input: { newsletterIds: string[]; placementVariant: string },
) {
  const data = await runMutation(browserGraphQLClient(options), UpdateNewsletterSubscriptionsMutation, {
    input: {
      subscriptions: input.newsletterIds.map((newsletterId) => ({
        newsletterId,
        status: 'subscribed' as const,
      })),
      placementVariant: input.placementVariant,
    },
  });
  return data.updateNewsletterSubscriptions;
}
