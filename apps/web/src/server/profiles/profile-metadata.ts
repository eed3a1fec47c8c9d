import type { Metadata } from 'next';
import type { OrganisationProfileView, PersonProfileView, ProfileFormat } from '@bof/api/profile-types';
import { countryName } from './reference-labels';

interface Site {
  siteUrl: string;
  siteName: string;
}

export const personPath = (slug: string) => `/people/${slug}/`;
export const organisationPath = (slug: string) => `/organisations/${slug}/`;

export const personName = (p: Pick<PersonProfileView, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${p.lastName}`;

/**
 * Whether search engines may index a profile page: only SEO profiles are written to be found (spec §4);
 * DEFAULT and PREMIUM pages are for readers who follow a link, so they are `noindex` (their links are
 * still followed).
 */
export const isIndexable = (format: ProfileFormat) => format === 'SEO';

/** An image a profile names, as an absolute address for metadata: uploaded photos only (see ProfileImage). */
function imageUrl(site: Site, image: string | null): string | undefined {
  return image?.startsWith('/media/') ? `${site.siteUrl}${image}` : undefined;
}

function profileMetadata(
  site: Site,
  page: { path: string; name: string; description: string; format: ProfileFormat; image?: string },
): Metadata {
  return {
    // The title stays the site's name (spec §1, from the root layout): the name goes in og:title.
    description: page.description || undefined,
    robots: isIndexable(page.format) ? undefined : { index: false, follow: true },
    alternates: { canonical: './' },
    openGraph: {
      type: 'profile',
      siteName: site.siteName,
      locale: 'en_GB',
      title: page.name,
      description: page.description || undefined,
      url: `${site.siteUrl}${page.path}`,
      ...(page.image ? { images: [{ url: page.image, alt: page.name }] } : {}),
    },
    twitter: { card: 'summary', title: page.name, description: page.description || undefined },
  };
}

/** Description, robots, canonical and Open Graph tags of a person's page. */
export function personMetadata(person: PersonProfileView, site: Site): Metadata {
  return profileMetadata(site, {
    path: personPath(person.slug),
    name: personName(person),
    description: person.summary || person.subtitle,
    format: person.format,
    image: imageUrl(site, person.profileCover ?? person.profileThumbnail),
  });
}

export function organisationMetadata(organisation: OrganisationProfileView, site: Site): Metadata {
  return profileMetadata(site, {
    path: organisationPath(organisation.slug),
    name: organisation.title,
    description: organisation.summary,
    format: organisation.format,
    image: imageUrl(site, organisation.coverImage ?? organisation.profileThumbnail),
  });
}

/** What a JSON-LD Person links to: the organisations of the careers and education entries shown. */
export interface LinkedOrganisation {
  name: string;
  /** The organisation's page, when it may be linked. */
  href: string | null;
}

const compact = (data: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(data).filter(
      ([, value]) =>
        value !== undefined &&
        value !== null &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0),
    ),
  );

/**
 * schema.org Person of an SEO profile: name, role, summary, where they are, the organisations they
 * work and studied at (their pages here), and their own links (sameAs).
 */
export function personJsonLd(
  person: PersonProfileView,
  organisations: ReadonlyMap<string, LinkedOrganisation>,
  site: Site,
): Record<string, unknown> {
  const org = (id: string | null) => {
    const found = id ? organisations.get(id) : undefined;
    return found
      ? compact({
          '@type': 'Organization',
          name: found.name,
          url: found.href ? `${site.siteUrl}${found.href}` : undefined,
        })
      : undefined;
  };
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: personName(person),
    givenName: person.firstName,
    familyName: person.lastName,
    jobTitle: person.subtitle,
    description: person.summary,
    url: `${site.siteUrl}${personPath(person.slug)}`,
    image: imageUrl(site, person.profileThumbnail ?? person.profileCover),
    homeLocation: person.location.city
      ? {
          '@type': 'Place',
          name: [person.location.city, person.location.country ? countryName(person.location.country) : null]
            .filter(Boolean)
            .join(', '),
        }
      : undefined,
    nationality: person.nationalities.map((code) => ({ '@type': 'Country', name: countryName(code) })),
    worksFor: person.careers.flatMap((c) => org(c.organisationId) ?? []).slice(0, 1),
    alumniOf: person.education.flatMap((e) => org(e.organisationId) ?? []),
    sameAs: person.socialLinks.map((link) => link.url),
  });
}

/** schema.org Organization of an SEO profile: name, summary, founding year, address and links. */
export function organisationJsonLd(
  organisation: OrganisationProfileView,
  site: Site,
): Record<string, unknown> {
  const hq = organisation.headquarters;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: organisation.title,
    description: organisation.summary,
    url: `${site.siteUrl}${organisationPath(organisation.slug)}`,
    logo: imageUrl(site, organisation.profileThumbnail),
    foundingDate: organisation.yearEstablished ? String(organisation.yearEstablished) : undefined,
    address:
      hq.city || hq.country
        ? compact({
            '@type': 'PostalAddress',
            streetAddress: [hq.addressLine1, hq.addressLine2].filter(Boolean).join(', '),
            postalCode: hq.areaCode,
            addressRegion: hq.state,
            addressLocality: hq.city,
            addressCountry: hq.country,
          })
        : undefined,
    sameAs: [...organisation.externalLinks, ...organisation.socialLinks].map((link) => link.url),
  });
}
