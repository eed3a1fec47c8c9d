import type { LinkDraft } from './links-field';

/** A careers or education entry as the editor holds it: the organisation's name is shown, its id saved. */
export interface EntryDraft {
  text: string;
  organisation: { profileId: string; name: string } | null;
  timePeriod: string;
}

/** A person profile's draft as the editor holds it (the API's PersonProfileFields, plus display names). */
export interface PersonDraft {
  slug: string;
  title: string;
  firstName: string;
  lastName: string;
  subtitle: string;
  summary: string;
  editorialDescription: string;
  format: 'DEFAULT' | 'PREMIUM' | 'SEO';
  category: string | null;
  careers: EntryDraft[];
  education: EntryDraft[];
  city: string;
  country: string;
  nationalities: string[];
  yearBorn: string;
  profileCover: string | null;
  profileThumbnail: string | null;
  socialLinks: LinkDraft[];
  condensedHeader: boolean;
  isLinkable: boolean;
}

const yearOf = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The draft as `PersonProfileFields`: every field, so a save replaces the whole draft. */
export function personFields(draft: PersonDraft) {
  return {
    slug: draft.slug,
    title: draft.title,
    firstName: draft.firstName,
    lastName: draft.lastName,
    subtitle: draft.subtitle,
    summary: draft.summary,
    editorialDescription: draft.editorialDescription,
    format: draft.format,
    category: draft.category,
    careers: draft.careers.map((c) => ({
      jobTitle: c.text,
      organisationId: c.organisation?.profileId ?? null,
      timePeriod: c.timePeriod,
    })),
    education: draft.education.map((e) => ({
      description: e.text,
      organisationId: e.organisation?.profileId ?? null,
      timePeriod: e.timePeriod,
    })),
    location: { city: draft.city || null, country: draft.country || null },
    nationalities: draft.nationalities,
    yearBorn: yearOf(draft.yearBorn),
    profileCover: draft.profileCover,
    profileThumbnail: draft.profileThumbnail,
    socialLinks: draft.socialLinks,
    condensedHeader: draft.condensedHeader,
    isLinkable: draft.isLinkable,
  };
}

/** A suggested address name from a person's names: lower-case letters, digits and single hyphens. */
export function suggestedSlug(...names: string[]): string {
  return names
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
