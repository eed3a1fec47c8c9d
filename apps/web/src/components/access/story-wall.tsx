import type { AccessDecision } from '@bof/paywall/decide-access';
import { WallTracker } from './wall-tracker';

type Wall = Extract<AccessDecision, { kind: 'wall' }>;

const withReturn = (path: string, storyUrl: string) => `${path}?return_to=${encodeURIComponent(storyUrl)}`;

/**
 * What a reader without access sees where the story's gated part would be: the registration wall (sign
 * up or sign in, back to this story afterwards), the pay wall (memberships, students, teams) or a topic
 * package's upsell. Plain links, so it works without JavaScript.
 */
export function StoryWall({
  wall,
  articleId,
  storyUrl,
  signedIn,
}: {
  wall: Wall | null;
  articleId: string;
  storyUrl: string;
  signedIn: boolean;
}) {
  if (!wall) {
    // A read that would be counted, asked for without counting (a prefetch): a full visit opens it.
    return (
      <aside className="mt-8 rounded border border-rule bg-surface p-6" aria-labelledby="continue-heading">
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
  const data = {
    placement: 'inline',
    articleId,
    ...(wall.topic ? { topicId: wall.topic } : {}),
    ...wall.variants,
  };
  const cta =
    'inline-block rounded bg-accent px-5 py-3 font-semibold text-accent-ink no-underline hover:opacity-90';
  const secondary =
    'inline-block rounded border border-ink px-5 py-3 font-semibold no-underline hover:bg-paper';
  return (
    <WallTracker data={data}>
      <aside
        aria-labelledby="wall-heading"
        data-wall={wall.wall}
        data-wall-variant={wall.variants.wallVariant}
        data-design-variant={wall.variants.designVariant}
        data-offer-variant={wall.variants.offerVariant}
        data-cta-variant={wall.variants.ctaVariant}
        className="relative mt-2 rounded border-t-4 border-accent bg-surface p-6 sm:p-8"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 left-0 right-0 h-20 bg-gradient-to-b from-transparent to-paper"
        />
        {wall.wall === 'registration' ? (
          <>
            <h2 id="wall-heading" className="font-serif text-2xl font-bold sm:text-3xl">
              Keep reading for free
            </h2>
            <p className="mt-3 text-lg">
              You have read your free stories for now. Create a free account to keep reading, with more free
              stories every month.
            </p>
            <p className="mt-6 flex flex-wrap gap-3">
              <a href={withReturn('/user/register/', storyUrl)} className={cta}>
                Create a free account
              </a>
              <a href={withReturn('/user/login/', storyUrl)} className={secondary}>
                Sign in
              </a>
            </p>
          </>
        ) : wall.wall === 'topic-upsell' ? (
          <>
            <h2 id="wall-heading" className="font-serif text-2xl font-bold sm:text-3xl">
              This story is part of the {titleCase(wall.topic ?? '')} package
            </h2>
            <p className="mt-3 text-lg">
              Add the {titleCase(wall.topic ?? '')} package, or become a Premium member to read every story.
            </p>
            <p className="mt-6 flex flex-wrap gap-3">
              <a
                href={`/subscriptions/packages/?packages=${encodeURIComponent(wall.topic ?? '')}`}
                className={cta}
              >
                See the {titleCase(wall.topic ?? '')} package
              </a>
              {signedIn ? null : (
                <a href={withReturn('/user/login/', storyUrl)} className={secondary}>
                  Sign in
                </a>
              )}
            </p>
          </>
        ) : (
          <>
            <h2 id="wall-heading" className="font-serif text-2xl font-bold sm:text-3xl">
              {wall.reason === 'not-entitled'
                ? 'This story is for members'
                : 'You have reached your free stories for this month'}
            </h2>
            <p className="mt-3 text-lg">
              Become a member for unlimited news and analysis, case studies and the archive.
            </p>
            <p className="mt-6 flex flex-wrap gap-3">
              <a href="/subscriptions/packages/" className={cta}>
                {wall.variants.ctaVariant === 'trial' ? 'Start your free trial' : 'See memberships'}
              </a>
              {signedIn ? null : (
                <a href={withReturn('/user/login/', storyUrl)} className={secondary}>
                  Sign in
                </a>
              )}
            </p>
            <p className="mt-4 text-sm">
              <a href="/contact/student/">Student membership</a> ·{' '}
              <a href="/contact/professional/">Memberships for teams</a>
            </p>
          </>
        )}
      </aside>
    </WallTracker>
  );
}

function titleCase(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
