/**
 * The product areas a link can lead to, and whether each is built. Every link to an area goes through
 * `builtLinks` / `isBuilt`, so a link to a page that does not exist yet is never shown, and appears by
 * itself once its area is marked built here. `product-areas.test.ts` checks each flag against the app's
 * routes: a page landing without its flag (or a flag without its page) fails the unit tests.
 */
export const PRODUCT_AREAS = {
  /** The front page, sections, topics, authors, series and stories. */
  stories: { built: true, path: '/' },
  caseStudies: { built: true, path: '/case-studies/' },
  membership: { built: true, path: '/subscriptions/packages/' },
  executiveMembership: { built: true, path: '/subscriptions/executive/' },
  membershipFaq: { built: true, path: '/subscriptions/faq/' },
  contact: { built: true, path: '/contact/professional/' },
  legal: { built: true, path: '/legal/' },
  account: { built: true, path: '/user/account/' },
  studentMembership: { built: true, path: '/subscriptions/packages/students/' },
  newsletters: { built: true, path: '/user/newsletters/' },
  /** The latest stories from the authors, topics and sections a reader follows. */
  following: { built: true, path: '/user/following/' },
  search: { built: true, path: '/search/' },
  groupMembership: { built: true, path: '/subscriptions/groups/' },
  professional: { built: true, path: '/professional/' },
  /** The people and organisation directories and profile pages. */
  profiles: { built: true, path: '/organisations/' },
  bof500: { built: true, path: '/bof500/' },
  /** The jobs board, job pages and the reader's saved jobs and alerts. */
  careers: { built: true, path: '/careers/' },
  events: { built: true, path: '/events/' },
} as const satisfies Record<string, { built: boolean; path: string }>;

export type ProductArea = keyof typeof PRODUCT_AREAS;

/** Whether the area's pages exist, so links to it may be shown. */
export function isBuilt(area: ProductArea): boolean {
  return PRODUCT_AREAS[area].built;
}

/** A link that leads into a product area. */
export interface AreaLink {
  href: string;
  label: string;
  area: ProductArea;
}

/** The links whose area is built, in their order. */
export function builtLinks<T extends AreaLink>(links: readonly T[]): T[] {
  return links.filter((link) => isBuilt(link.area));
}
