import { describe, expect, it } from 'vitest';
import type { OrganisationProfileView, PersonProfileView } from '@bof/api/profile-types';
import { organisationJsonLd, organisationMetadata, personJsonLd, personMetadata } from './profile-metadata';

const site = { siteUrl: 'https://example.org', siteName: 'The Site' };

const person: PersonProfileView = {
  profileId: 'p1',
  slug: 'ada-lovel',
  title: 'Creative Director, Maison X',
  firstName: 'Ada',
  lastName: 'Lovel',
  subtitle: 'Creative Director',
  summary: 'Ada </script><script>alert(1)</script> designs.',
  editorialDescription: '',
  format: 'SEO',
  category: 'creatives',
  careers: [{ jobTitle: 'Director', organisationId: 'o1', timePeriod: '2020–present' }],
  education: [],
  location: { city: 'Paris', country: 'FR' },
  nationalities: ['FR'],
  yearBorn: 1980,
  yearPassed: null,
  profileCover: '/media/00000000-0000-4000-8000-000000000001.webp',
  profileThumbnail: 'https://elsewhere.example.com/a.jpg',
  socialLinks: [{ label: 'Site', url: 'https://ada.example.com/' }],
  condensedHeader: false,
  isLinkable: true,
  version: 1,
  publishedVersion: 1,
  publishedAt: null,
  withdrawnReason: null,
  ownerUserId: null,
  profileBadges: [],
};

describe('profile metadata', () => {
  it('lets SEO profiles be indexed and keeps the others out of search engines', () => {
    expect(personMetadata(person, site).robots).toBeUndefined();
    expect(personMetadata({ ...person, format: 'DEFAULT' }, site).robots).toEqual({
      index: false,
      follow: true,
    });
    expect(personMetadata({ ...person, format: 'PREMIUM' }, site).robots).toEqual({
      index: false,
      follow: true,
    });
  });

  it('names only uploaded photos as images, with the site address', () => {
    const metadata = personMetadata(person, site);
    expect(metadata.openGraph).toMatchObject({
      title: 'Ada Lovel',
      url: 'https://example.org/people/ada-lovel/',
      images: [{ url: 'https://example.org/media/00000000-0000-4000-8000-000000000001.webp' }],
    });
    expect(personJsonLd(person, new Map(), site).image).toBeUndefined();
  });

  it('describes a person with the organisations they work at', () => {
    const data = personJsonLd(
      person,
      new Map([['o1', { name: 'Maison X', href: '/organisations/maison-x/' }]]),
      site,
    );
    expect(data).toMatchObject({
      '@type': 'Person',
      name: 'Ada Lovel',
      url: 'https://example.org/people/ada-lovel/',
      worksFor: [
        { '@type': 'Organization', name: 'Maison X', url: 'https://example.org/organisations/maison-x/' },
      ],
      nationality: [{ '@type': 'Country', name: 'France' }],
      sameAs: ['https://ada.example.com/'],
    });
    expect(data).not.toHaveProperty('alumniOf');
  });

  it('describes an organisation with its address and links', () => {
    const organisation = {
      slug: 'maison-x',
      title: 'Maison X',
      summary: 'A house.',
      format: 'SEO',
      coverImage: null,
      profileThumbnail: null,
      yearEstablished: 1901,
      headquarters: {
        addressLine1: '1 Rue',
        addressLine2: null,
        areaCode: '75001',
        state: null,
        city: 'Paris',
        country: 'FR',
      },
      externalLinks: [{ label: 'Web', url: 'https://x.example.com/' }],
      socialLinks: [],
    } as unknown as OrganisationProfileView;
    expect(organisationJsonLd(organisation, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Maison X',
      description: 'A house.',
      url: 'https://example.org/organisations/maison-x/',
      foundingDate: '1901',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Rue',
        postalCode: '75001',
        addressLocality: 'Paris',
        addressCountry: 'FR',
      },
      sameAs: ['https://x.example.com/'],
    });
    expect(organisationMetadata(organisation, site).alternates).toEqual({ canonical: './' });
  });
});
