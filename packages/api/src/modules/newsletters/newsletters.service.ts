import type { Viewer } from '../../auth/viewer';
import { verifyUnsubscribeToken } from './unsubscribe-token';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { NewsletterNotFoundError } from './newsletters.errors';
import type { UpdateNewsletterInput, UpdateNewsletterSubscriptionsInput } from './newsletters.inputs';
import type { NewslettersRepo } from './newsletters.repo';
import type { Newsletter, NewsletterSubscription } from './newsletters.types';

type Deps = { repo: NewslettersRepo; unsubscribeSecret: string };

/** The catalogue and signed-in readers' subscriptions. */
export function createNewslettersService({ repo, unsubscribeSecret }: Deps) {
  async function subscriptionsOf(userId: string): Promise<NewsletterSubscription[]> {
    const [all, statuses] = await Promise.all([repo.all(), repo.statusesOf(userId)]);
    return all.map((newsletter) => ({
      newsletter,
      status: statuses.get(newsletter.newsletterId) ?? 'none',
    }));
  }

  async function requireKnown(newsletterIds: readonly string[]): Promise<void> {
    const known = await repo.existing(newsletterIds);
    const unknown = newsletterIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new NewsletterNotFoundError(unknown);
  }

  return {
    newsletters: (): Promise<Newsletter[]> => repo.all(),

    /** Every newsletter with the reader's status (`none` where they never subscribed). */
    subscriptionsOf: (reader: Pick<Viewer, 'userId'>) => subscriptionsOf(reader.userId),

    /**
     * Subscribes or unsubscribes the reader. Unknown ids refuse the whole change. Answers every
     * subscription afterwards, and the ids newly subscribed (for the `newsletter_subscribe` event).
     */
    async updateSubscriptions(
      viewer: Viewer,
      input: UpdateNewsletterSubscriptionsInput,
    ): Promise<{ subscriptions: NewsletterSubscription[]; newlySubscribed: string[] }> {
      await requireKnown(input.subscriptions.map((item) => item.newsletterId));
      const before = await repo.statusesOf(viewer.userId);
      await repo.setStatuses(viewer.userId, viewer.email, input.subscriptions);
      const newlySubscribed = input.subscriptions
        .filter((item) => item.status === 'subscribed' && before.get(item.newsletterId) !== 'subscribed')
        .map((item) => item.newsletterId);
      return { subscriptions: await subscriptionsOf(viewer.userId), newlySubscribed };
    },

    /** Subscribes a user by id (a confirmed anonymous sign-up). */
    async subscribeUser(userId: string, email: string, newsletterIds: readonly string[]): Promise<void> {
      await requireKnown(newsletterIds);
      await repo.setStatuses(
        userId,
        email,
        newsletterIds.map((newsletterId) => ({ newsletterId, status: 'subscribed' as const })),
      );
    },

    /** An admin edits a newsletter's texts and one-more-step flags. */
    async updateNewsletter(viewer: Viewer, input: UpdateNewsletterInput): Promise<Newsletter> {
      if (!viewer.isBofAdmin) throw new UnauthorizedError(viewer.userId);
      const updated = await repo.update(input.newsletterId, {
        ...(input.title ? { title: input.title } : {}),
        ...(input.description ? { description: input.description } : {}),
        ...(input.author ? { author: input.author } : {}),
        ...(input.badges ? { badges: input.badges } : {}),
        ...(typeof input.isVisibleOnOMS === 'boolean' ? { isVisibleOnOMS: input.isVisibleOnOMS } : {}),
        ...(typeof input.isPreselectedOnOMS === 'boolean'
          ? { isPreselectedOnOMS: input.isPreselectedOnOMS }
          : {}),
      });
      if (!updated) throw new NewsletterNotFoundError([input.newsletterId]);
      return updated;
    },

    /**
     * One-click unsubscribe (RFC 8058) from an e-mail's signed link, without a session: idempotent.
     * 'invalid' for a forged or altered token; nothing says whether the reader exists.
     */
    async unsubscribeWithToken(token: string): Promise<'unsubscribed' | 'invalid'> {
      const signed = verifyUnsubscribeToken(unsubscribeSecret, token);
      if (!signed) return 'invalid';
      await repo.unsubscribe(signed.userId, signed.newsletterId);
      return 'unsubscribed';
    },
  };
}

export type NewslettersService = ReturnType<typeof createNewslettersService>;
