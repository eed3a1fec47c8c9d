import type { WallAudience } from '@bof/paywall/decide-access';
import { WallAuthSync } from '../access/wall-auth-sync';

interface Link {
  label: string;
  href: string;
}

/** What the premium part's wall says to each reader: true for who they are, as the story walls are. */
export function profileWallCopy(
  audience: WallAudience,
  name: string,
  pageUrl: string,
): { heading: string; lead: string; primary: Link; secondary: Link | null } {
  const join = { label: 'See memberships', href: '/subscriptions/packages/' };
  switch (audience) {
    case 'anonymous':
      return {
        heading: 'The in-depth profile is for members',
        lead: `Members read our analysis of ${name}, with every story, case study and briefing. Already a member? Sign in to read it.`,
        primary: join,
        secondary: { label: 'Sign in', href: `/user/login/?return_to=${encodeURIComponent(pageUrl)}` },
      };
    case 'registered':
      return {
        heading: 'The in-depth profile is for members',
        lead: `Become a member to read our analysis of ${name}, with every story, case study and briefing.`,
        primary: join,
        secondary: null,
      };
    case 'member':
      return {
        heading: 'Your membership does not include the in-depth profile',
        lead: `Upgrade to read our analysis of ${name}, and every story and case study.`,
        primary: { label: 'Upgrade your membership', href: '/subscriptions/upgrade/' },
        secondary: { label: 'Your membership', href: '/user/membership/' },
      };
  }
}

/**
 * Where a PREMIUM profile's premium description would be, for a reader who may not read it: the wall's
 * look and its prompt (join, sign in or upgrade). The description itself never reaches this page's HTML
 * or its React payload. Plain links, so it works without JavaScript; once the browser knows the reader
 * better than the server did (just signed in), the page is decided again (WallAuthSync).
 */
export function ProfileWall({
  audience,
  name,
  pageUrl,
}: {
  audience: WallAudience;
  name: string;
  pageUrl: string;
}) {
  const copy = profileWallCopy(audience, name, pageUrl);
  return (
    <aside
      aria-labelledby="profile-wall-heading"
      data-wall={audience === 'anonymous' ? 'registration' : 'paywall'}
      className="relative mt-2 rounded border-t-4 border-accent bg-surface p-5 sm:p-8"
    >
      <WallAuthSync audience={audience} />
      <h2 id="profile-wall-heading" className="font-serif text-2xl font-bold">
        {copy.heading}
      </h2>
      <p className="mt-3 text-lg">{copy.lead}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <a
          href={copy.primary.href}
          className="inline-block rounded bg-accent px-5 py-3 font-semibold text-accent-ink no-underline hover:opacity-90"
        >
          {copy.primary.label}
        </a>
        {copy.secondary ? (
          <a
            href={copy.secondary.href}
            className="inline-block rounded border border-ink px-5 py-3 font-semibold no-underline hover:bg-paper"
          >
            {copy.secondary.label}
          </a>
        ) : null}
      </p>
    </aside>
  );
}
