import type { WallPlan } from '../../server/access/wall-plans';
import { WallAuthSync } from './wall-auth-sync';
import { wallEventData } from './wall-analytics';
import { wallCopy, type Wall } from './wall-copy';
import { WallTracker } from './wall-tracker';

/** The class of the element that stands for a story's gated part: the gated blocks, or this wall. */
export const GATED_SECTION_CLASS = 'story-gated';

/**
 * What a reader without access sees where the story's gated part would be: the registration wall (sign
 * up or sign in, back to this story afterwards), the pay wall (the plans that open the story with their
 * prices, all memberships, students, teams) or a topic package's upsell, worded for who the reader is.
 * Plain links, so it works without JavaScript. It sits in the gated section's element (`story-gated`),
 * which the JSON-LD `hasPart` names.
 */
export function StoryWall({
  wall,
  articleId,
  storyUrl,
  topic,
  plans,
}: {
  /** Null for a read that would be counted, asked for without counting (a prefetch). */
  wall: Wall | null;
  articleId: string;
  storyUrl: string;
  /** The topic the wall is about: the package of a topic wall, else the story's main topic. */
  topic: { id: string; label: string } | null;
  /** The plans that open the story, priced in the reader's currency. */
  plans: readonly WallPlan[];
}) {
  if (!wall) {
    // A full visit opens it.
    return (
      <aside
        className={`${GATED_SECTION_CLASS} mt-8 rounded border border-rule bg-surface p-6`}
        aria-labelledby="continue-heading"
      >
        <h2 id="continue-heading" className="font-serif text-2xl font-bold">
          Continue reading
        </h2>
        <p className="mt-3">
          <a href={storyUrl} className="font-semibold">
            Open the full story
          </a>
        </p>
      </aside>
    );
  }
  const copy = wallCopy(wall, {
    storyUrl,
    topicName: topic?.label ?? '',
    trial: plans.some((plan) => plan.trialDays > 0),
  });
  const data = wallEventData({ wall, placement: 'inline', articleId, topic, ctaHref: copy.primary.href });
  const cta =
    'inline-block rounded bg-accent px-5 py-3 font-semibold text-accent-ink no-underline hover:opacity-90';
  const secondary =
    'inline-block rounded border border-ink px-5 py-3 font-semibold no-underline hover:bg-paper';
  return (
    <WallTracker data={data}>
      <aside
        aria-labelledby="wall-heading"
        data-wall={wall.wall}
        data-wall-reason={wall.reason}
        data-wall-variant={wall.variants.wallVariant}
        data-design-variant={wall.variants.designVariant}
        data-offer-variant={wall.variants.offerVariant}
        data-cta-variant={wall.variants.ctaVariant}
        className={`${GATED_SECTION_CLASS} relative mt-2 rounded border-t-4 border-accent bg-surface p-5 sm:p-8`}
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 left-0 right-0 h-20 bg-gradient-to-b from-transparent to-paper"
        />
        <WallAuthSync audience={wall.audience} />
        <h2 id="wall-heading" className="font-serif text-2xl font-bold sm:text-3xl">
          {copy.heading}
        </h2>
        <p className="mt-3 text-lg">{copy.lead}</p>
        <p className="mt-6 flex flex-wrap gap-3">
          <a href={copy.primary.href} className={cta}>
            {copy.primary.label}
          </a>
          {copy.secondary ? (
            <a href={copy.secondary.href} className={secondary}>
              {copy.secondary.label}
            </a>
          ) : null}
        </p>
        {copy.plans && plans.length > 0 ? (
          <section aria-labelledby="wall-plans-heading" className="mt-8 border-t border-rule pt-6">
            <h3 id="wall-plans-heading" className="text-sm font-semibold uppercase tracking-wide">
              Memberships that include this story
            </h3>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {plans.map((plan) => (
                <li key={plan.code} className="flex flex-col rounded border border-rule bg-paper p-4">
                  <a href={plan.href} className="font-serif text-xl font-bold no-underline hover:underline">
                    {plan.title}
                  </a>
                  <span className="mt-1 text-sm text-muted">{plan.description}</span>
                  <span className="mt-3 font-semibold">
                    {plan.price} <span className="font-normal text-muted">a year</span>
                  </span>
                  {plan.trialDays > 0 ? (
                    <span className="text-sm">{plan.trialDays}-day free trial</span>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-sm">
              <a href="/subscriptions/packages/">All memberships</a> ·{' '}
              <a href="/contact/student/">Student membership</a> ·{' '}
              <a href="/contact/professional/">Memberships for teams</a>
            </p>
          </section>
        ) : null}
      </aside>
    </WallTracker>
  );
}
