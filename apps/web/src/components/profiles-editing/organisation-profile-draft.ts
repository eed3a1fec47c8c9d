import type { LinkDraft } from './links-field';

/** An organisation profile's draft as the editor holds it (the API's OrganisationProfileFields, as text). */
export interface OrganisationDraft {
  slug: string;
  title: string;
  summary: string;
  editorialDescription: string;
  premiumDescription: string;
  format: 'DEFAULT' | 'PREMIUM' | 'SEO';
  coverImage: string | null;
  profileThumbnail: string | null;
  addressLine1: string;
  addressLine2: string;
  areaCode: string;
  state: string;
  city: string;
  country: string;
  externalLinks: LinkDraft[];
  socialLinks: LinkDraft[];
  programLinks: LinkDraft[];
  /** Story slugs, one a line. */
  linkedArticles: string;
  cultureQaArticle: string;
  recruiter: boolean;
  pinnedProject: string;
  organisationIndustry: string;
  organisationSize: string;
  organisationType: string;
  ownershipType: string;
  yearEstablished: string;
  isLinkable: boolean;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The draft as `OrganisationProfileFields`: every field, so a save replaces the whole draft. */
export function organisationFields(draft: OrganisationDraft) {
  return {
    slug: draft.slug,
    title: draft.title,
    summary: draft.summary,
    editorialDescription: draft.editorialDescription,
    premiumDescription: draft.premiumDescription,
    format: draft.format,
    coverImage: draft.coverImage,
    profileThumbnail: draft.profileThumbnail,
    headquarters: {
      addressLine1: orNull(draft.addressLine1),
      addressLine2: orNull(draft.addressLine2),
      areaCode: orNull(draft.areaCode),
      state: orNull(draft.state),
      city: orNull(draft.city),
      country: orNull(draft.country),
    },
    externalLinks: draft.externalLinks,
    socialLinks: draft.socialLinks,
    programLinks: draft.programLinks,
    linkedArticles: draft.linkedArticles
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    cultureQaArticle: orNull(draft.cultureQaArticle),
    recruiter: draft.recruiter,
    pinnedProject: orNull(draft.pinnedProject),
    organisationIndustry: orNull(draft.organisationIndustry),
    organisationSize: orNull(draft.organisationSize),
    organisationType: orNull(draft.organisationType),
    ownershipType: orNull(draft.ownershipType),
    yearEstablished: draft.yearEstablished.trim() === '' ? null : Number(draft.yearEstablished.trim()),
    isLinkable: draft.isLinkable,
  };
}
