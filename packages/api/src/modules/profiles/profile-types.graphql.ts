import { builder } from '../../builder';
import { ProfileFormatEnum, ProjectAssetTypeEnum } from '../../enums/enums.graphql';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { registerResultError } from '../../errors/result-errors';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import type { Bof500Entry } from './profiles.module';
import {
  PersonProfileExistsError,
  ProfileLinkNotFoundError,
  ProfileNotFoundError,
  ProfileSlugTakenError,
  StaleProfileVersionError,
} from './profiles.errors';
import type {
  CareerEntry,
  EducationEntry,
  Headquarters,
  KeyPerson,
  OrganisationProfileView,
  PersonProfileView,
  ProfileBadge,
  ProfileLink,
  ProjectAsset,
  ProjectRecord,
} from './profiles.types';
import type { ProjectChange } from './profile-projects';

registerResultError('profile_stale_version', StaleProfileVersionError);
registerResultError('profile_not_found', ProfileNotFoundError);
registerResultError('profile_slug_taken', ProfileSlugTakenError);
registerResultError('person_profile_exists', PersonProfileExistsError);
registerResultError('profile_link_not_found', ProfileLinkNotFoundError);

builder.objectType(StaleProfileVersionError, {
  name: 'StaleProfileVersionError',
  description: 'Someone saved the profile since the version this change started from; nothing was written.',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    profileId: t.exposeString('profileId', { nullable: true }),
    currentVersion: t.exposeInt('currentVersion'),
  }),
});
builder.objectType(ProfileNotFoundError, {
  name: 'ProfileNotFoundError',
  description: 'No such profile or project for this reader (unknown, unpublished, or not theirs to edit).',
  interfaces: [ErrorInterface],
});
builder.objectType(ProfileSlugTakenError, {
  name: 'ProfileSlugTakenError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ slug: t.exposeString('slug') }),
});
builder.objectType(PersonProfileExistsError, {
  name: 'PersonProfileExistsError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ profileId: t.exposeString('profileId') }),
});
builder.objectType(ProfileLinkNotFoundError, {
  name: 'ProfileLinkNotFoundError',
  description: 'A link to a story, person or organisation names nothing that exists.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ field: t.exposeString('field'), value: t.exposeString('value') }),
});

const ProfileLinkType = builder.objectRef<ProfileLink>('ProfileLink').implement({
  description: 'An outside link; pages show it with rel="nofollow ugc noopener".',
  fields: (t) => ({ label: t.exposeString('label'), url: t.exposeString('url') }),
});

const CareerEntryType = builder.objectRef<CareerEntry>('CareerEntry').implement({
  fields: (t) => ({
    jobTitle: t.exposeString('jobTitle'),
    organisationId: t.exposeString('organisationId', { nullable: true }),
    timePeriod: t.exposeString('timePeriod'),
  }),
});

const EducationEntryType = builder.objectRef<EducationEntry>('EducationEntry').implement({
  fields: (t) => ({
    description: t.exposeString('description'),
    organisationId: t.exposeString('organisationId', { nullable: true }),
    timePeriod: t.exposeString('timePeriod'),
  }),
});

const LocationType = builder
  .objectRef<{ city: string | null; country: string | null }>('ProfileLocation')
  .implement({
    fields: (t) => ({
      city: t.exposeString('city', { nullable: true }),
      country: t.exposeString('country', { nullable: true, description: 'Two-letter country code.' }),
    }),
  });

const ProfileBadgeType = builder.objectRef<ProfileBadge>('ProfileBadge').implement({
  description: 'A place in an editorial collection: the BoF 500 year and category.',
  fields: (t) => ({
    collection: t.exposeString('collection'),
    collectionTitle: t.exposeString('collectionTitle'),
    year: t.exposeInt('year'),
    category: t.exposeString('category'),
  }),
});

export const PersonProfileType = builder.objectRef<PersonProfileView>('PersonProfile').implement({
  description: 'A person profile (spec §3), in its draft (Source) or published (Public) version.',
  fields: (t) => ({
    profileId: t.exposeID('profileId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    subtitle: t.exposeString('subtitle'),
    summary: t.exposeString('summary'),
    editorialDescription: t.exposeString('editorialDescription', { description: 'Sanitised HTML.' }),
    format: t.field({ type: ProfileFormatEnum, resolve: (p) => p.format }),
    category: t.exposeString('category', { nullable: true }),
    careers: t.field({ type: [CareerEntryType], resolve: (p) => p.careers }),
    education: t.field({ type: [EducationEntryType], resolve: (p) => p.education }),
    location: t.field({ type: LocationType, resolve: (p) => p.location }),
    nationalities: t.exposeStringList('nationalities'),
    yearBorn: t.exposeInt('yearBorn', { nullable: true }),
    yearPassed: t.exposeInt('yearPassed', { nullable: true }),
    memberSince: t.int({
      nullable: true,
      description: 'The first year the person was listed in the BoF 500.',
      resolve: (p) => {
        const years = p.profileBadges.filter((b) => b.collection === 'bof-500').map((b) => b.year);
        return years.length > 0 ? Math.min(...years) : null;
      },
    }),
    collections: t.stringList({
      resolve: (p) => [...new Set(p.profileBadges.map((b) => b.collection))],
    }),
    profileBadges: t.field({ type: [ProfileBadgeType], resolve: (p) => p.profileBadges }),
    profileCover: t.exposeString('profileCover', { nullable: true }),
    profileThumbnail: t.exposeString('profileThumbnail', { nullable: true }),
    socialLinks: t.field({ type: [ProfileLinkType], resolve: (p) => p.socialLinks }),
    condensedHeader: t.exposeBoolean('condensedHeader'),
    isLinkable: t.exposeBoolean('isLinkable'),
    version: t.exposeInt('version', { description: 'The draft version: pass it back with the next change.' }),
    publishedVersion: t.exposeInt('publishedVersion', { nullable: true }),
    publishedAt: t.expose('publishedAt', { type: DateTimeScalar, nullable: true }),
    withdrawnReason: t.exposeString('withdrawnReason', {
      nullable: true,
      description: 'Why the newsroom withdrew the last publication (its editors read it); null otherwise.',
    }),
  }),
});

const ProjectAssetType = builder.objectRef<ProjectAsset>('ProjectAsset').implement({
  fields: (t) => ({
    type: t.field({ type: ProjectAssetTypeEnum, resolve: (a) => a.type }),
    url: t.exposeString('url'),
    description: t.exposeString('description'),
  }),
});

export const ProjectType = builder.objectRef<ProjectRecord>('Project').implement({
  description: 'A project of an organisation profile (spec §3), with its ordered assets.',
  fields: (t) => ({
    projectId: t.exposeID('projectId'),
    profileId: t.exposeID('profileId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description', { description: 'Sanitised HTML.' }),
    thumbnail: t.exposeString('thumbnail', { nullable: true }),
    assets: t.field({ type: [ProjectAssetType], resolve: (p) => p.assets }),
    position: t.exposeInt('position'),
  }),
});

const HeadquartersType = builder.objectRef<Headquarters>('Headquarters').implement({
  fields: (t) => ({
    addressLine1: t.exposeString('addressLine1', { nullable: true }),
    addressLine2: t.exposeString('addressLine2', { nullable: true }),
    areaCode: t.exposeString('areaCode', { nullable: true }),
    state: t.exposeString('state', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
  }),
});

const KeyPersonType = builder.objectRef<KeyPerson>('KeyPerson').implement({
  fields: (t) => ({ personProfileId: t.exposeID('personProfileId'), role: t.exposeString('role') }),
});

export const OrganisationProfileType = builder
  .objectRef<OrganisationProfileView>('OrganisationProfile')
  .implement({
    description: 'An organisation profile (spec §3), in its draft (Source) or published (Public) version.',
    fields: (t) => ({
      profileId: t.exposeID('profileId'),
      accountId: t.exposeString('accountId', { nullable: true }),
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      summary: t.exposeString('summary'),
      editorialDescription: t.exposeString('editorialDescription', { description: 'Sanitised HTML.' }),
      premiumDescription: t.exposeString('premiumDescription', {
        description: 'Sanitised HTML; pages show it to members only on PREMIUM profiles.',
      }),
      format: t.field({ type: ProfileFormatEnum, resolve: (p) => p.format }),
      coverImage: t.exposeString('coverImage', { nullable: true }),
      profileThumbnail: t.exposeString('profileThumbnail', { nullable: true }),
      headquarters: t.field({ type: HeadquartersType, resolve: (p) => p.headquarters }),
      externalLinks: t.field({ type: [ProfileLinkType], resolve: (p) => p.externalLinks }),
      socialLinks: t.field({ type: [ProfileLinkType], resolve: (p) => p.socialLinks }),
      programLinks: t.field({ type: [ProfileLinkType], resolve: (p) => p.programLinks }),
      linkedArticles: t.exposeStringList('linkedArticles', { description: 'Story slugs.' }),
      cultureQaArticle: t.exposeString('cultureQaArticle', { nullable: true }),
      keyPeople: t.field({ type: [KeyPersonType], resolve: (p) => p.keyPeople }),
      children: t.exposeIDList('children', { description: 'Subsidiaries: organisation profile ids.' }),
      relatedCompanies: t.exposeIDList('relatedCompanies'),
      recruiter: t.exposeBoolean('recruiter'),
      projects: t.field({ type: [ProjectType], resolve: (p) => p.projects }),
      pinnedProject: t.exposeID('pinnedProject', { nullable: true }),
      organisationIndustry: t.exposeString('organisationIndustry', { nullable: true }),
      organisationSize: t.exposeString('organisationSize', { nullable: true }),
      organisationType: t.exposeString('organisationType', { nullable: true }),
      ownershipType: t.exposeString('ownershipType', { nullable: true }),
      yearEstablished: t.exposeInt('yearEstablished', { nullable: true }),
      isLinkable: t.exposeBoolean('isLinkable'),
      version: t.exposeInt('version'),
      publishedVersion: t.exposeInt('publishedVersion', { nullable: true }),
      publishedAt: t.expose('publishedAt', { type: DateTimeScalar, nullable: true }),
      withdrawnReason: t.exposeString('withdrawnReason', {
        nullable: true,
        description: 'Why the newsroom withdrew the last publication (its editors read it); null otherwise.',
      }),
    }),
  });

export const ProjectChangeType = builder.objectRef<ProjectChange>('ProjectChange').implement({
  description: "A project change: the project (null once deleted), the draft's projects, its new version.",
  fields: (t) => ({
    project: t.field({ type: ProjectType, nullable: true, resolve: (c) => c.project }),
    projects: t.field({ type: [ProjectType], resolve: (c) => c.projects }),
    version: t.exposeInt('version'),
  }),
});

export const ProfileCollectionType = builder
  .objectRef<{ slug: string; title: string; description: string }>('ProfileCollection')
  .implement({
    fields: (t) => ({
      slug: t.exposeString('slug'),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
    }),
  });

export const Bof500EntryType = builder.objectRef<Bof500Entry>('Bof500Entry').implement({
  fields: (t) => ({
    year: t.exposeInt('year'),
    category: t.exposeString('category'),
    profile: t.field({ type: PersonProfileType, resolve: (e) => e.profile }),
  }),
});
