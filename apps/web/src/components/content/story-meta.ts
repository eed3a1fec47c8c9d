import type { StoryCard } from '@bof/api/content';

/** A date as readers of the site see it: the site's one date format (site/dates.ts). */
export { formatDate } from '../../site/dates';

/** The label shown for a story's access level, or null for free stories. */
export function accessLabel(access: string): string | null {
  if (access === 'free') return null;
  if (access === 'registered') return 'Free with registration';
  if (access === 'members') return 'Members';
  if (access === 'premium') return 'Premium';
  if (access.startsWith('topic:')) {
    const topic = access.slice('topic:'.length).replaceAll('-', ' ');
    return `${topic.charAt(0).toUpperCase()}${topic.slice(1)} package`;
  }
  return null;
}

/** The byline as one line: `Amara Okafor and Tomás Lindqvist`. */
export function bylineText(story: Pick<StoryCard, 'authors'>): string {
  const names = story.authors
    .filter((a) => a.role === 'AUTHOR' || a.role === 'CONTRIBUTOR')
    .map((a) => a.name);
  const list = names.length > 0 ? names : story.authors.map((a) => a.name);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}
