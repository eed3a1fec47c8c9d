import type {
  FEATURED_ORGANISATION_CATEGORIES,
  PROFILE_FORMATS,
  PROJECT_ASSET_TYPES,
} from '../../enums/spec-enums';

export type ProfileFormat = (typeof PROFILE_FORMATS)[number];
export type ProjectAssetType = (typeof PROJECT_ASSET_TYPES)[number];
export type FeaturedOrganisationCategory = (typeof FEATURED_ORGANISATION_CATEGORIES)[number];

/** A job held, at an organisation profile when there is one (spec §3 PersonProfile careers). */
export interface CareerEntry {
  jobTitle: string;
  organisationId: string | null;
  timePeriod: string;
}

/** A place of study, at an organisation profile when there is one (spec §3 PersonProfile education). */
export interface EducationEntry {
  description: string;
  organisationId: string | null;
  timePeriod: string;
}

export interface ProfileLink {
  label: string;
  url: string;
}

/** What a person's editors write: the draft (Source) and, once published, the Public version. */
export interface PersonDocument {
  slug: string;
  title: string;
  firstName: string;
  lastName: string;
  subtitle: string;
  summary: string;
  /** Rich text, sanitised on save. */
  editorialDescription: string;
  format: ProfileFormat;
  category: string | null;
  careers: CareerEntry[];
  education: EducationEntry[];
  location: { city: string | null; country: string | null };
  nationalities: string[];
  yearBorn: number | null;
  yearPassed: number | null;
  profileCover: string | null;
  profileThumbnail: string | null;
  socialLinks: ProfileLink[];
  condensedHeader: boolean;
  isLinkable: boolean;
}

export interface Headquarters {
  addressLine1: string | null;
  addressLine2: string | null;
  areaCode: string | null;
  state: string | null;
  city: string | null;
  country: string | null;
}

/** A key person of an organisation: a person profile, and the role they hold there. */
export interface KeyPerson {
  personProfileId: string;
  role: string;
}

/** What an organisation's editors write (projects are kept beside it, see ProjectRecord). */
export interface OrganisationDocument {
  slug: string;
  title: string;
  summary: string;
  editorialDescription: string;
  /** Rich text shown to members only on PREMIUM profiles. */
  premiumDescription: string;
  format: ProfileFormat;
  coverImage: string | null;
  profileThumbnail: string | null;
  headquarters: Headquarters;
  externalLinks: ProfileLink[];
  socialLinks: ProfileLink[];
  programLinks: ProfileLink[];
  /** Story slugs. */
  linkedArticles: string[];
  cultureQaArticle: string | null;
  keyPeople: KeyPerson[];
  /** Subsidiaries: organisation profile ids. */
  children: string[];
  relatedCompanies: string[];
  recruiter: boolean;
  pinnedProject: string | null;
  organisationIndustry: string | null;
  organisationSize: string | null;
  organisationType: string | null;
  ownershipType: string | null;
  yearEstablished: number | null;
  isLinkable: boolean;
}

export interface ProjectAsset {
  type: ProjectAssetType;
  url: string;
  description: string;
}

/** A project of an organisation profile (spec §3 Project). */
export interface ProjectRecord {
  projectId: string;
  profileId: string;
  slug: string;
  title: string;
  description: string;
  thumbnail: string | null;
  assets: ProjectAsset[];
  position: number;
}

/** A published organisation document carries the projects as they were when it was published. */
export type PublicOrganisationDocument = OrganisationDocument & { projects: ProjectRecord[] };

/** A place in an editorial collection: the BoF 500's year and category badge. */
export interface ProfileBadge {
  collection: string;
  collectionTitle: string;
  year: number;
  category: string;
}

/** A person profile in one of its versions, as readers and editors are given it. */
export interface PersonProfileView extends PersonDocument {
  profileId: string;
  version: number;
  publishedVersion: number | null;
  publishedAt: Date | null;
  /** Why the newsroom withdrew the last publication (for its editors); null otherwise. */
  withdrawnReason: string | null;
  ownerUserId: string | null;
  profileBadges: ProfileBadge[];
}

export interface OrganisationProfileView extends OrganisationDocument {
  profileId: string;
  accountId: string | null;
  version: number;
  publishedVersion: number | null;
  publishedAt: Date | null;
  /** Why the newsroom withdrew the last publication (for its editors); null otherwise. */
  withdrawnReason: string | null;
  projects: ProjectRecord[];
}
