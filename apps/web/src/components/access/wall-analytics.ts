import type { WallSeen } from '@bof/analytics/events';
import type { Wall } from './wall-copy';

/** Spec §5: most analytics strings are at most 255 characters. */
const MAX = 255;

/**
 * The address a wall link leads to, as analytics records it (`ctaUrl`): its path and query, without the
 * `return_to` every sign-up and sign-in link carries (the story's full address), at most 255 characters.
 */
export function ctaPath(href: string): string {
  const url = new URL(href, 'https://site.invalid');
  url.searchParams.delete('return_to');
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`.slice(0, MAX);
}

/**
 * What `wall_seen` and `wall_clicked` carry (spec §3): the placement, the story and its topic, the wall's
 * variants, the reader's sticky A/B groups (`zephrAbGroups`, GROUP_ID#GROUP_NAME), the experiments they come
 * from (`zephrExperimentId`, comma-separated ids, when the reader is in any), the rule that put the wall
 * up (`zephrOutcomeId`, the decision's reason) and the wall's main link (`ctaUrl`; a click sends the link
 * followed).
 */
export function wallEventData(input: {
  wall: Wall;
  placement: string;
  articleId: string;
  topic: { id: string; label: string } | null;
  ctaHref: string;
}): WallSeen {
  const { wall } = input;
  const experiments = [...new Set(wall.groups.map((group) => group.split('#')[0]!))];
  return {
    placement: input.placement,
    articleId: input.articleId,
    ...(input.topic ? { topicId: input.topic.id, topicLabel: input.topic.label.slice(0, MAX) } : {}),
    ...wall.variants,
    ctaUrl: ctaPath(input.ctaHref),
    zephrAbGroups: [...wall.groups],
    ...(experiments.length > 0 ? { zephrExperimentId: experiments.join(',').slice(0, MAX) } : {}),
    zephrOutcomeId: `${wall.wall}:${wall.reason}`,
  };
}
