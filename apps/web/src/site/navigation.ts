import { builtLinks, isBuilt, type AreaLink } from './product-areas';

/**
 * The sections of the header and the footer, in the editors' order: a section (`/articles/{slug}/`) or a
 * topic (`/topics/{slug}/`) of the content's taxonomy (a unit test checks each against the edition's
 * taxonomy), or a product page, shown only when its area is built.
 */
export type SectionLink =
  | { kind: 'section'; slug: string; label: string }
  | { kind: 'topic'; slug: string; label: string }
  | ({ kind: 'page' } & AreaLink);

export const sectionNavigation: readonly SectionLink[] = [
  { kind: 'section', slug: 'news', label: 'News' },
  { kind: 'section', slug: 'analysis', label: 'Analysis' },
  { kind: 'section', slug: 'opinion', label: 'Opinion' },
  { kind: 'topic', slug: 'workplace-talent', label: 'Workplace & Talent' },
  { kind: 'topic', slug: 'technology', label: 'Technology' },
  { kind: 'topic', slug: 'beauty', label: 'Beauty' },
  { kind: 'topic', slug: 'luxury', label: 'Luxury' },
  { kind: 'topic', slug: 'sustainability', label: 'Sustainability' },
  { kind: 'topic', slug: 'retail', label: 'Retail' },
  { kind: 'page', href: '/case-studies/', label: 'Case Studies', area: 'caseStudies' },
  { kind: 'page', href: '/careers/', label: 'Careers', area: 'careers' },
  { kind: 'page', href: '/bof500/', label: 'BoF 500', area: 'bof500' },
  { kind: 'page', href: '/events/', label: 'Events', area: 'events' },
];

/** A link of the navigation: where it leads and what it says. */
export interface NavLink {
  href: string;
  label: string;
}

/** The section navigation that leads somewhere: sections, topics, and the product pages that are built. */
export function sectionLinks(links: readonly SectionLink[] = sectionNavigation): NavLink[] {
  return links
    .filter((link) => link.kind !== 'page' || isBuilt(link.area))
    .map((link) => ({ href: sectionHref(link), label: link.label }));
}

/** The address a section link leads to. */
export function sectionHref(link: SectionLink): string {
  if (link.kind === 'section') return `/articles/${link.slug}/`;
  if (link.kind === 'topic') return `/topics/${link.slug}/`;
  return link.href;
}

/** The footer's membership offers. */
export const membershipLinks = builtLinks([
  { href: '/subscriptions/packages/', label: 'Membership', area: 'membership' },
  { href: '/subscriptions/packages/?packages=beauty', label: 'The Beauty package', area: 'membership' },
  { href: '/subscriptions/executive/', label: 'Executive membership', area: 'executiveMembership' },
  { href: '/subscriptions/packages/students/', label: 'Students', area: 'studentMembership' },
  { href: '/subscriptions/groups/', label: 'Teams and companies', area: 'groupMembership' },
  { href: '/professional/', label: 'BoF Professional', area: 'professional' },
]);

/** The footer's services: newsletters, careers, events, the BoF 500 (each once it is built). */
export const serviceLinks = builtLinks([
  { href: '/user/newsletters/', label: 'Newsletters', area: 'newsletters' },
  { href: '/careers/', label: 'Careers', area: 'careers' },
  { href: '/events/', label: 'Events', area: 'events' },
  { href: '/bof500/', label: 'The BoF 500', area: 'bof500' },
  { href: '/people/', label: 'People', area: 'profiles' },
  { href: '/organisations/', label: 'Organisations', area: 'profiles' },
]);

/** The footer's help: the membership questions and the account. */
export const helpLinks = builtLinks([
  { href: '/subscriptions/faq/', label: 'Membership FAQ', area: 'membershipFaq' },
  { href: '/user/account/', label: 'Your account', area: 'account' },
]);

export const contactPages = [
  { href: '/contact/professional/', label: 'Professional enquiries' },
  { href: '/contact/student/', label: 'Student enquiries' },
  { href: '/contact/insights/', label: 'BoF Insights' },
  { href: '/contact/media/', label: 'Media and press' },
] as const;

export const legalLinks = [
  { href: '/legal/#privacy', label: 'Privacy policy' },
  { href: '/legal/#terms', label: 'Terms and conditions' },
] as const;

export const subscribeHref = '/subscriptions/packages/';
export const signInHref = '/user/login/';
