import { isBuilt } from '../../site/product-areas';
import { sectionHref, sectionNavigation, type SectionLink } from '../../site/navigation';
import { content } from './content-pages';

/** A link of the header's and footer's section navigation. */
export interface NavLink {
  href: string;
  label: string;
}

/** How long the list of sections and topics is kept before it is read again. */
const FRESH_MS = 60_000;
let cached: { at: number; links: Promise<NavLink[]> } | null = null;

/**
 * The section navigation that leads somewhere: the editors' list (`sectionNavigation`) kept to the
 * sections and topics the content has and the product pages that are built.
 */
export function navigationFor(
  links: readonly SectionLink[],
  have: { sections: ReadonlySet<string>; topics: ReadonlySet<string> },
): NavLink[] {
  return links
    .filter((link) =>
      link.kind === 'section'
        ? have.sections.has(link.slug)
        : link.kind === 'topic'
          ? have.topics.has(link.slug)
          : isBuilt(link.area),
    )
    .map((link) => ({ href: sectionHref(link), label: link.label }));
}

/** The site's section navigation, read from the content at most once a minute. */
export function siteSections(now = Date.now()): Promise<NavLink[]> {
  if (cached && now - cached.at < FRESH_MS) return cached.links;
  const links = (async () => {
    const service = await content();
    const [sections, topics] = await Promise.all([service.sections(), service.topics()]);
    return navigationFor(sectionNavigation, {
      sections: new Set(sections.map((s) => s.slug)),
      topics: new Set(topics.map((t) => t.slug)),
    });
  })();
  cached = { at: now, links };
  // A failed read is not kept: the next page asks again.
  links.catch(() => {
    if (cached?.links === links) cached = null;
  });
  return links;
}
