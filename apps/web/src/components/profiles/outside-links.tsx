import type { ProfileLink } from '@bof/api/profile-types';

/** What profiles' outside links carry: written by the profile's editors, not by the site (spec §5). */
export const OUTSIDE_LINK_REL = 'nofollow ugc noopener';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** A titled list of a profile's outside links (web site, social, programmes); nothing when there are none. */
export function OutsideLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly ProfileLink[];
}) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide">
        {title}
      </h2>
      <ul className="mt-2 space-y-1">
        {links.map((link) => (
          <li key={`${link.label}-${link.url}`}>
            <a href={link.url} rel={OUTSIDE_LINK_REL} className="break-words">
              {link.label}
            </a>{' '}
            <span className="text-sm text-muted">({hostOf(link.url)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
