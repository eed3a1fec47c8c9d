import { browserGraphQLClient } from '../../client/graphql/browser-graphql-client';
import { runMutation, runQuery } from '../../client/graphql/graphql-client';
import type { GraphQLClientOptions } from '../../client/graphql/graphql-client';
import { CreateStoryGiftMutation, StoryGiftsQuery } from '../../client/graphql/story-gifts.documents';

export type CreatedGift =
  | { ok: true; giftId: string; url: string; expiresAt: string; maxReaders: number; remaining: number | null }
  | { ok: false; message: string };

/**
 * Creates a gift link and reads the month's remaining gifts. Loaded only when a member opens the gift
 * dialog, so the GraphQL client stays out of the story page's first load.
 */
export async function createGift(
  options: Pick<GraphQLClientOptions, 'config' | 'onAuthError'>,
  articleId: string,
): Promise<CreatedGift> {
  const client = browserGraphQLClient(options);
  const result = (await runMutation(client, CreateStoryGiftMutation, { input: { articleId } }))
    .createStoryGift;
  if (result.__typename !== 'StoryGift')
    return { ok: false, message: 'message' in result ? result.message : 'The gift could not be created.' };
  const allowance = (await runQuery(client, StoryGiftsQuery, {}).catch(() => null))?.storyGifts;
  return {
    ok: true,
    giftId: result.id,
    url: result.storyGiftUrl,
    expiresAt: String(result.expiresAt),
    maxReaders: result.maxReaders,
    remaining: allowance?.__typename === 'StoryGiftAllowance' ? allowance.remainingThisMonth : null,
  };
}
