import { runningServices } from '@bof/api/running-services';
import type { NewsletterChoice } from '../components/newsletters/newsletter-preferences';
import type { OfferedNewsletter } from '../components/newsletters/newsletter-signup-box';

/** Every newsletter with whether the reader is subscribed, for the newsletter pages. */
export async function newsletterChoices(userId: string): Promise<NewsletterChoice[]> {
  const subscriptions = await (await runningServices()).newsletters.subscriptionsOf({ userId });
  return subscriptions.map(({ newsletter, status }) => ({
    newsletterId: newsletter.newsletterId,
    title: newsletter.title,
    description: newsletter.description,
    author: newsletter.author,
    badges: newsletter.badges,
    group: newsletter.newsletterGroup,
    subscribed: status === 'subscribed',
    visibleOnOneMoreStep: newsletter.isVisibleOnOMS,
    preselectedOnOneMoreStep: newsletter.isPreselectedOnOMS,
  }));
}

/** The daily brief and the letters of a story's topics (at most three), for the article sign-up box. */
export async function newslettersForStory(topicSlugs: readonly string[]): Promise<OfferedNewsletter[]> {
  const all = await (await runningServices()).newsletters.newsletters();
  const picked = all.filter(
    (n) => n.newsletterId === 'daily-brief' || (n.topicSlug !== null && topicSlugs.includes(n.topicSlug)),
  );
  return picked.slice(0, 3).map((n) => ({
    newsletterId: n.newsletterId,
    title: n.title,
    description: n.description,
  }));
}
