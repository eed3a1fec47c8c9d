import { z } from 'zod';
import { builder } from '../../builder';
import {
  FeaturedOrganisationCategoryEnum,
  ProfileFormatEnum,
  ProjectAssetTypeEnum,
} from '../../enums/enums.graphql';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { requireViewer } from '../viewer/viewer.service';
import {
  Bof500EntryType,
  OrganisationProfileType,
  PersonProfileType,
  ProfileCollectionType,
  ProjectChangeType,
} from './profile-types.graphql';
import {
  PersonProfileExistsError,
  ProfileLinkNotFoundError,
  ProfileNotFoundError,
  ProfileSlugTakenError,
  StaleProfileVersionError,
} from './profiles.errors';
import {
  bof500SearchSchema,
  organisationDirectorySchema,
  personDirectorySchema,
  createPersonProfileSchema,
  createProjectSchema,
  deleteProjectSchema,
  publishSchema,
  reorderProjectSchema,
  updateOrganisationChildrenSchema,
  updateOrganisationKeyPeopleSchema,
  updateOrganisationProfileSchema,
  updatePersonProfileSchema,
  updateProjectSchema,
} from './profiles.inputs';

const LinkInput = builder.inputType('ProfileLinkInput', {
  fields: (t) => ({ label: t.string({ required: true }), url: t.string({ required: true }) }),
});
const CareerInput = builder.inputType('CareerEntryInput', {
  fields: (t) => ({
    jobTitle: t.string({ required: true }),
    organisationId: t.id(),
    timePeriod: t.string(),
  }),
});
const EducationInput = builder.inputType('EducationEntryInput', {
  fields: (t) => ({
    description: t.string({ required: true }),
    organisationId: t.id(),
    timePeriod: t.string(),
  }),
});
const LocationInput = builder.inputType('ProfileLocationInput', {
  fields: (t) => ({ city: t.string(), country: t.string() }),
});

const PersonProfileFields = builder.inputType('PersonProfileFields', {
  description: "A person profile's draft, whole: what is left out takes its default.",
  fields: (t) => ({
    slug: t.string({ required: true }),
    title: t.string(),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    subtitle: t.string(),
    summary: t.string(),
    editorialDescription: t.string({ description: 'HTML; sanitised with an allow-list.' }),
    format: t.field({ type: ProfileFormatEnum }),
    category: t.string(),
    careers: t.field({ type: [CareerInput] }),
    education: t.field({ type: [EducationInput] }),
    location: t.field({ type: LocationInput }),
    nationalities: t.stringList(),
    yearBorn: t.int(),
    yearPassed: t.int(),
    profileCover: t.string(),
    profileThumbnail: t.string(),
    socialLinks: t.field({ type: [LinkInput] }),
    condensedHeader: t.boolean(),
    isLinkable: t.boolean(),
  }),
});

const createPersonInputSchema = z.object({ profile: createPersonProfileSchema });
const CreatePersonProfileInput = builder
  .inputType('CreatePersonProfileInput', {
    fields: (t) => ({ profile: t.field({ type: PersonProfileFields, required: true }) }),
  })
  .validate(createPersonInputSchema);

const UpdatePersonProfileInput = builder
  .inputType('UpdatePersonProfileInput', {
    fields: (t) => ({
      profileId: t.id({ required: true }),
      version: t.int({ required: true, description: 'The version the change starts from.' }),
      profile: t.field({ type: PersonProfileFields, required: true }),
    }),
  })
  .validate(updatePersonProfileSchema);

const PublishProfileInput = builder
  .inputType('PublishProfileInput', {
    fields: (t) => ({ profileId: t.id({ required: true }), version: t.int({ required: true }) }),
  })
  .validate(publishSchema);

const HeadquartersInput = builder.inputType('HeadquartersInput', {
  fields: (t) => ({
    addressLine1: t.string(),
    addressLine2: t.string(),
    areaCode: t.string(),
    state: t.string(),
    city: t.string(),
    country: t.string(),
  }),
});

const OrganisationProfileFields = builder.inputType('OrganisationProfileFields', {
  description:
    "An organisation profile's draft, whole (key people, subsidiaries and related companies have their own mutations).",
  fields: (t) => ({
    slug: t.string({ required: true }),
    title: t.string({ required: true }),
    summary: t.string(),
    editorialDescription: t.string(),
    premiumDescription: t.string(),
    format: t.field({ type: ProfileFormatEnum }),
    coverImage: t.string(),
    profileThumbnail: t.string(),
    headquarters: t.field({ type: HeadquartersInput }),
    externalLinks: t.field({ type: [LinkInput] }),
    socialLinks: t.field({ type: [LinkInput] }),
    programLinks: t.field({ type: [LinkInput] }),
    linkedArticles: t.stringList(),
    cultureQaArticle: t.string(),
    recruiter: t.boolean(),
    pinnedProject: t.id(),
    organisationIndustry: t.string(),
    organisationSize: t.string(),
    organisationType: t.string(),
    ownershipType: t.string(),
    yearEstablished: t.int(),
    isLinkable: t.boolean(),
  }),
});

const UpdateOrganisationProfileInput = builder
  .inputType('UpdateOrganisationProfileInput', {
    fields: (t) => ({
      profileId: t.id({ description: 'Absent: create the profile of `accountId` (version 0).' }),
      accountId: t.string(),
      version: t.int({ required: true }),
      profile: t.field({ type: OrganisationProfileFields, required: true }),
    }),
  })
  .validate(updateOrganisationProfileSchema);

const UpdateOrganisationChildrenInput = builder
  .inputType('UpdateOrganisationChildrenInput', {
    fields: (t) => ({
      profileId: t.id({ required: true }),
      version: t.int({ required: true }),
      children: t.idList({ required: true }),
      relatedCompanies: t.idList(),
    }),
  })
  .validate(updateOrganisationChildrenSchema);

const KeyPersonInput = builder.inputType('KeyPersonInput', {
  fields: (t) => ({ personProfileId: t.id({ required: true }), role: t.string({ required: true }) }),
});

const UpdateOrganisationKeyPeopleInput = builder
  .inputType('UpdateOrganisationKeyPeopleInput', {
    fields: (t) => ({
      profileId: t.id({ required: true }),
      version: t.int({ required: true }),
      keyPeople: t.field({ type: [KeyPersonInput], required: true }),
    }),
  })
  .validate(updateOrganisationKeyPeopleSchema);

const ProjectAssetInput = builder.inputType('ProjectAssetInput', {
  fields: (t) => ({
    type: t.field({ type: ProjectAssetTypeEnum, required: true }),
    url: t.string({
      required: true,
      description: 'IMAGE: an uploaded photo or https image; YOUTUBE: a video link.',
    }),
    description: t.string(),
  }),
});

const ProjectFields = builder.inputType('ProjectFields', {
  fields: (t) => ({
    slug: t.string({ required: true }),
    title: t.string({ required: true }),
    description: t.string(),
    thumbnail: t.string(),
    assets: t.field({ type: [ProjectAssetInput] }),
  }),
});

const CreateProjectInput = builder
  .inputType('CreateProjectInput', {
    fields: (t) => ({
      profileId: t.id({ required: true }),
      version: t.int({ required: true, description: "The organisation profile's version." }),
      project: t.field({ type: ProjectFields, required: true }),
    }),
  })
  .validate(createProjectSchema);

const UpdateProjectInput = builder
  .inputType('UpdateProjectInput', {
    fields: (t) => ({
      projectId: t.id({ required: true }),
      version: t.int({ required: true }),
      project: t.field({ type: ProjectFields, required: true }),
    }),
  })
  .validate(updateProjectSchema);

const DeleteProjectInput = builder
  .inputType('DeleteProjectInput', {
    fields: (t) => ({ projectId: t.id({ required: true }), version: t.int({ required: true }) }),
  })
  .validate(deleteProjectSchema);

const ReorderProjectInput = builder
  .inputType('ReorderProjectInput', {
    fields: (t) => ({
      profileId: t.id({ required: true }),
      version: t.int({ required: true }),
      projectIds: t.idList({
        required: true,
        description: 'Every project of the profile, in the new order.',
      }),
    }),
  })
  .validate(reorderProjectSchema);

const Bof500SearchInput = builder
  .inputType('Bof500SearchInput', {
    fields: (t) => ({
      name: t.string({ description: 'The start of a first or last name.' }),
      category: t.string(),
      country: t.string(),
      year: t.int(),
      first: t.int(),
    }),
  })
  .validate(bof500SearchSchema);

const editErrors = [
  AuthError,
  UnauthorizedError,
  FieldValidationError,
  ProfileNotFoundError,
  StaleProfileVersionError,
];
const saveErrors = [...editErrors, ProfileSlugTakenError, ProfileLinkNotFoundError];

// Queries

builder.queryField('personProfilePublic', (t) =>
  t.field({
    type: PersonProfileType,
    description: 'A published person profile, by id or slug.',
    args: { profileId: t.arg.id(), slug: t.arg.string() },
    errors: { types: [ProfileNotFoundError] },
    resolve: (_root, args, ctx) =>
      ctx.services.profiles.people.public({ profileId: args.profileId?.toString(), slug: args.slug }),
  }),
);

builder.queryField('personProfileSource', (t) =>
  t.field({
    type: PersonProfileType,
    nullable: true,
    description: "A person profile's draft, to its editors: by id, or the reader's own (null: none yet).",
    args: { profileId: t.arg.id() },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, ProfileNotFoundError] },
    resolve: (_root, args, ctx) =>
      ctx.services.profiles.people.source(requireViewer(ctx.viewer), args.profileId?.toString() ?? null),
  }),
);

builder.queryField('organisationProfilePublic', (t) =>
  t.field({
    type: OrganisationProfileType,
    description: 'A published organisation profile with its projects, by id or slug.',
    args: { profileId: t.arg.id(), slug: t.arg.string() },
    errors: { types: [ProfileNotFoundError] },
    resolve: (_root, args, ctx) =>
      ctx.services.profiles.organisations.public({ profileId: args.profileId?.toString(), slug: args.slug }),
  }),
);

builder.queryField('organisationProfileSource', (t) =>
  t.field({
    type: OrganisationProfileType,
    nullable: true,
    description: "An organisation profile's draft with its projects, to its editors: by id or account.",
    args: { profileId: t.arg.id(), accountId: t.arg.string() },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, UnauthorizedError, ProfileNotFoundError] },
    resolve: (_root, args, ctx) =>
      ctx.services.profiles.organisations.source(requireViewer(ctx.viewer), {
        profileId: args.profileId?.toString() ?? null,
        accountId: args.accountId ?? null,
      }),
  }),
);

builder.queryField('featuredOrganisationProfiles', (t) =>
  t.field({
    type: [OrganisationProfileType],
    description: 'Published organisation profiles an admin featured in the category.',
    args: { category: t.arg({ type: FeaturedOrganisationCategoryEnum, required: true }) },
    resolve: (_root, args, ctx) => ctx.services.profiles.organisations.featured(args.category),
  }),
);

builder.queryField('profileCollections', (t) =>
  t.field({
    type: [ProfileCollectionType],
    description: 'The editorial collections of person profiles, such as the BoF 500.',
    resolve: (_root, _args, ctx) => ctx.services.profiles.collections(),
  }),
);

builder.queryField('bof500Search', (t) =>
  t.field({
    type: [Bof500EntryType],
    description: 'BoF 500 people by name prefix, category, country and year; newest year first.',
    args: { filter: t.arg({ type: Bof500SearchInput, required: true }) },
    errors: { types: [FieldValidationError] },
    resolve: (_root, { filter }, ctx) => ctx.services.profiles.bof500Search(bof500SearchSchema.parse(filter)),
  }),
);

const PersonDirectoryInput = builder
  .inputType('PersonDirectoryInput', {
    fields: (t) => ({
      name: t.string({ description: 'The start of a first or last name.' }),
      category: t.string({ description: 'A key of personProfileCategories.' }),
      country: t.string(),
      first: t.int(),
      offset: t.int(),
    }),
  })
  .validate(personDirectorySchema);

const OrganisationDirectoryInput = builder
  .inputType('OrganisationDirectoryInput', {
    fields: (t) => ({
      name: t.string({ description: 'The start of a word of the name.' }),
      industry: t.string({ description: 'A key of jobIndustries.' }),
      size: t.string({ description: 'A key of companySizes.' }),
      type: t.string({ description: 'A key of companyTypes.' }),
      ownership: t.string({ description: 'A key of companyOwnership.' }),
      country: t.string(),
      first: t.int(),
      offset: t.int(),
    }),
  })
  .validate(organisationDirectorySchema);

builder.queryField('personProfiles', (t) =>
  t.field({
    type: [PersonProfileType],
    description: 'The /people/ directory: published person profiles by name, filtered.',
    args: { filter: t.arg({ type: PersonDirectoryInput, required: true }) },
    errors: { types: [FieldValidationError] },
    resolve: (_root, { filter }, ctx) =>
      ctx.services.profiles.people.directory(personDirectorySchema.parse(filter)),
  }),
);

builder.queryField('organisationProfiles', (t) =>
  t.field({
    type: [OrganisationProfileType],
    description: 'The /organisations/ directory: published organisation profiles by name, filtered.',
    args: { filter: t.arg({ type: OrganisationDirectoryInput, required: true }) },
    errors: { types: [FieldValidationError] },
    resolve: (_root, { filter }, ctx) =>
      ctx.services.profiles.organisations.directory(organisationDirectorySchema.parse(filter)),
  }),
);

// Mutations: each parses its input once more to take the sanitised, defaulted values.

builder.mutationField('createPersonProfile', (t) =>
  t.field({
    type: PersonProfileType,
    description: "Creates the reader's own person profile, as a draft.",
    args: { input: t.arg({ type: CreatePersonProfileInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...saveErrors, PersonProfileExistsError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.people.create(
        requireViewer(ctx.viewer),
        createPersonInputSchema.parse(input).profile,
      ),
  }),
);

builder.mutationField('updatePersonProfile', (t) =>
  t.field({
    type: PersonProfileType,
    description: "Saves a person profile's draft over the version given.",
    args: { input: t.arg({ type: UpdatePersonProfileInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: saveErrors, directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.people.update(requireViewer(ctx.viewer), updatePersonProfileSchema.parse(input)),
  }),
);

builder.mutationField('publishPersonProfile', (t) =>
  t.field({
    type: PersonProfileType,
    description: 'Makes the draft at the version given public.',
    args: { input: t.arg({ type: PublishProfileInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...editErrors, ProfileSlugTakenError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.people.publish(requireViewer(ctx.viewer), publishSchema.parse(input)),
  }),
);

builder.mutationField('updateOrganisationProfile', (t) =>
  t.field({
    type: OrganisationProfileType,
    description: "Saves an organisation profile's draft (or creates the account's profile at version 0).",
    args: { input: t.arg({ type: UpdateOrganisationProfileInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: saveErrors, directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.organisations.update(
        requireViewer(ctx.viewer),
        updateOrganisationProfileSchema.parse(input),
      ),
  }),
);

builder.mutationField('publishOrganisationProfile', (t) =>
  t.field({
    type: OrganisationProfileType,
    description: 'Makes the draft at the version given, with its projects, public.',
    args: { input: t.arg({ type: PublishProfileInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...editErrors, ProfileSlugTakenError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.organisations.publish(requireViewer(ctx.viewer), publishSchema.parse(input)),
  }),
);

builder.mutationField('updateOrganisationChildren', (t) =>
  t.field({
    type: OrganisationProfileType,
    description: "Replaces the draft's subsidiaries and related companies.",
    args: { input: t.arg({ type: UpdateOrganisationChildrenInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: saveErrors, directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.organisations.updateChildren(
        requireViewer(ctx.viewer),
        updateOrganisationChildrenSchema.parse(input),
      ),
  }),
);

builder.mutationField('updateOrganisationKeyPeople', (t) =>
  t.field({
    type: OrganisationProfileType,
    description: "Replaces the draft's key people.",
    args: { input: t.arg({ type: UpdateOrganisationKeyPeopleInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: saveErrors, directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.organisations.updateKeyPeople(
        requireViewer(ctx.viewer),
        updateOrganisationKeyPeopleSchema.parse(input),
      ),
  }),
);

builder.mutationField('createProject', (t) =>
  t.field({
    type: ProjectChangeType,
    description: "Adds a project at the end of an organisation profile's draft.",
    args: { input: t.arg({ type: CreateProjectInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...editErrors, ProfileSlugTakenError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.projects.create(requireViewer(ctx.viewer), createProjectSchema.parse(input)),
  }),
);

builder.mutationField('updateProject', (t) =>
  t.field({
    type: ProjectChangeType,
    args: { input: t.arg({ type: UpdateProjectInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [...editErrors, ProfileSlugTakenError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.projects.update(requireViewer(ctx.viewer), updateProjectSchema.parse(input)),
  }),
);

builder.mutationField('deleteProject', (t) =>
  t.field({
    type: ProjectChangeType,
    args: { input: t.arg({ type: DeleteProjectInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: editErrors, directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.projects.delete(requireViewer(ctx.viewer), deleteProjectSchema.parse(input)),
  }),
);

builder.mutationField('reorderProject', (t) =>
  t.field({
    type: ProjectChangeType,
    description: "Puts an organisation profile's projects in the order given.",
    args: { input: t.arg({ type: ReorderProjectInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: editErrors, directResult: true },
    resolve: (_root, { input }, ctx) =>
      ctx.services.profiles.projects.reorder(requireViewer(ctx.viewer), reorderProjectSchema.parse(input)),
  }),
);
