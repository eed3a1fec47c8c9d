import { z } from 'zod';
import { referenceKeys, type ReferenceListName } from '../reference/reference-lists';
import {
  FEATURED_ORGANISATION_CATEGORIES,
  PROFILE_FORMATS,
  PROJECT_ASSET_TYPES,
} from '../../enums/spec-enums';
import { canonicalYoutubeUrl, isImageReference, isPublicWebUrl, youtubeVideoId } from './profile-links';
import { sanitizePlainText, sanitizeRichText } from './rich-text';

// Every text a profile stores passes here: plain text loses its markup, rich text keeps the allow-list.

const plain = (max: number, label: string) =>
  z
    .string()
    .max(max * 2, `${label} is too long.`)
    .transform(sanitizePlainText)
    .pipe(z.string().max(max, `${label} can be at most ${max} characters.`));
const required = (max: number, label: string) =>
  plain(max, label).pipe(z.string().min(1, `${label} is required.`));
const rich = (max: number, label: string) =>
  z
    .string()
    .max(max * 2, `${label} is too long.`)
    .transform(sanitizeRichText)
    .pipe(z.string().max(max, `${label} can be at most ${max} characters.`));
const optionalPlain = (max: number, label: string) =>
  plain(max, label)
    .nullish()
    .transform((v) => (v ? v : null));

export const slugSchema = z
  .string()
  .trim()
  .min(2, 'The address name needs at least 2 characters.')
  .max(120, 'The address name can be at most 120 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');

export const webUrlSchema = z
  .string()
  .trim()
  .refine(isPublicWebUrl, 'Enter a web address starting with http:// or https:// on a public site.');

const imageSchema = z
  .string()
  .trim()
  .refine(isImageReference, 'Use an uploaded photo or a public https:// image address.')
  .nullish()
  .transform((v) => v ?? null);

const linkSchema = z.object({ label: plain(80, 'The link label'), url: webUrlSchema });
const links = z.array(linkSchema).max(20, 'At most 20 links.').default([]);
const id = z.uuid('That is not a profile id.');
const fromList = (list: ReferenceListName, message: string) =>
  z
    .enum(referenceKeys(list), message)
    .nullish()
    .transform((v) => v ?? null);
/** An ISO 3166-1 alpha-2 code of the reference list `countries`. */
const countryCode = fromList('countries', 'Choose a country from the list.');
/** A category of the reference list `personProfileCategories` (also the BoF 500's categories). */
const personCategory = fromList('personProfileCategories', 'Choose a category from the list.');
const year = z.number().int().min(1700, 'That year is too early.').max(2100, 'That year is too late.');

export const versionSchema = z.number().int().min(0, 'The version cannot be negative.');

export const personDocumentSchema = z.object({
  slug: slugSchema,
  title: plain(200, 'The title').default(''),
  firstName: required(100, 'The first name'),
  lastName: required(100, 'The last name'),
  subtitle: plain(200, 'The subtitle').default(''),
  summary: plain(1000, 'The summary').default(''),
  editorialDescription: rich(20_000, 'The description').default(''),
  format: z.enum(PROFILE_FORMATS).default('DEFAULT'),
  category: personCategory,
  careers: z
    .array(
      z.object({
        jobTitle: required(160, 'The job title'),
        organisationId: id.nullish().transform((v) => v ?? null),
        timePeriod: plain(60, 'The time period').default(''),
      }),
    )
    .max(30, 'At most 30 careers entries.')
    .default([]),
  education: z
    .array(
      z.object({
        description: required(200, 'The description'),
        organisationId: id.nullish().transform((v) => v ?? null),
        timePeriod: plain(60, 'The time period').default(''),
      }),
    )
    .max(20, 'At most 20 education entries.')
    .default([]),
  location: z
    .object({ city: optionalPlain(100, 'The city'), country: countryCode })
    .default({ city: null, country: null }),
  nationalities: z
    .array(z.enum(referenceKeys('countries'), 'Choose countries from the list.'))
    .max(5, 'At most 5 nationalities.')
    .default([]),
  yearBorn: year.nullish().transform((v) => v ?? null),
  yearPassed: year.nullish().transform((v) => v ?? null),
  profileCover: imageSchema,
  profileThumbnail: imageSchema,
  socialLinks: links,
  condensedHeader: z.boolean().default(false),
  isLinkable: z.boolean().default(true),
});
export type PersonDocumentInput = z.input<typeof personDocumentSchema>;

export const createPersonProfileSchema = personDocumentSchema;

export const updatePersonProfileSchema = z.object({
  profileId: id,
  version: versionSchema,
  profile: personDocumentSchema,
});
export type UpdatePersonProfileInput = z.infer<typeof updatePersonProfileSchema>;

export const publishSchema = z.object({ profileId: id, version: versionSchema });
export type PublishInput = z.infer<typeof publishSchema>;

const storySlug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'That is not a story address.')
  .max(200);

export const organisationDocumentSchema = z.object({
  slug: slugSchema,
  title: required(200, 'The name'),
  summary: plain(1000, 'The summary').default(''),
  editorialDescription: rich(20_000, 'The description').default(''),
  premiumDescription: rich(20_000, 'The premium description').default(''),
  format: z.enum(PROFILE_FORMATS).default('DEFAULT'),
  coverImage: imageSchema,
  profileThumbnail: imageSchema,
  headquarters: z
    .object({
      addressLine1: optionalPlain(200, 'The address'),
      addressLine2: optionalPlain(200, 'The address'),
      areaCode: optionalPlain(20, 'The postcode'),
      state: optionalPlain(100, 'The state'),
      city: optionalPlain(100, 'The city'),
      country: countryCode,
    })
    .default({
      addressLine1: null,
      addressLine2: null,
      areaCode: null,
      state: null,
      city: null,
      country: null,
    }),
  externalLinks: links,
  socialLinks: links,
  programLinks: links,
  linkedArticles: z.array(storySlug).max(50, 'At most 50 linked stories.').default([]),
  cultureQaArticle: storySlug.nullish().transform((v) => v ?? null),
  recruiter: z.boolean().default(false),
  pinnedProject: id.nullish().transform((v) => v ?? null),
  organisationIndustry: fromList('jobIndustries', 'Choose an industry from the list.'),
  organisationSize: fromList('companySizes', 'Choose a size from the list.'),
  organisationType: fromList('companyTypes', 'Choose a type from the list.'),
  ownershipType: fromList('companyOwnership', 'Choose an ownership from the list.'),
  yearEstablished: year.nullish().transform((v) => v ?? null),
  isLinkable: z.boolean().default(true),
});

/**
 * An organisation's profile as its editors save it. Without `profileId`, a profile is created (version 0:
 * there is none yet): the organisation account's when `accountId` is given, else an editorial one, which
 * only admins may create.
 */
export const updateOrganisationProfileSchema = z.object({
  profileId: id.nullish().transform((v) => v ?? null),
  accountId: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .nullish()
    .transform((v) => v ?? null),
  version: versionSchema,
  profile: organisationDocumentSchema,
});
export type UpdateOrganisationProfileInput = z.infer<typeof updateOrganisationProfileSchema>;

export const updateOrganisationChildrenSchema = z.object({
  profileId: id,
  version: versionSchema,
  children: z.array(id).max(100, 'At most 100 subsidiaries.'),
  relatedCompanies: z.array(id).max(100, 'At most 100 related companies.').default([]),
});
export type UpdateOrganisationChildrenInput = z.infer<typeof updateOrganisationChildrenSchema>;

export const updateOrganisationKeyPeopleSchema = z.object({
  profileId: id,
  version: versionSchema,
  keyPeople: z
    .array(z.object({ personProfileId: id, role: required(120, 'The role') }))
    .max(50, 'At most 50 key people.'),
});
export type UpdateOrganisationKeyPeopleInput = z.infer<typeof updateOrganisationKeyPeopleSchema>;

const assetSchema = z
  .object({
    type: z.enum(PROJECT_ASSET_TYPES),
    url: z.string().trim().max(2048),
    description: plain(300, 'The asset description').default(''),
  })
  .transform((asset, ctx) => {
    if (asset.type === 'YOUTUBE') {
      const videoId = youtubeVideoId(asset.url);
      if (videoId) return { ...asset, url: canonicalYoutubeUrl(videoId) };
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'Use a YouTube watch, embed, short or shorts link.',
      });
      return z.NEVER;
    }
    if (isImageReference(asset.url)) return asset;
    ctx.addIssue({
      code: 'custom',
      path: ['url'],
      message: 'Use an uploaded photo or a public https:// image.',
    });
    return z.NEVER;
  });

export const projectFieldsSchema = z.object({
  slug: slugSchema,
  title: required(200, 'The title'),
  description: rich(20_000, 'The description').default(''),
  thumbnail: imageSchema,
  assets: z.array(assetSchema).max(30, 'At most 30 assets.').default([]),
});

export const createProjectSchema = z.object({
  profileId: id,
  version: versionSchema,
  project: projectFieldsSchema,
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const updateProjectSchema = z.object({
  projectId: id,
  version: versionSchema,
  project: projectFieldsSchema,
});
export type UpdateProjectInput = z.infer<typeof updateProjectSchema>;

export const deleteProjectSchema = z.object({ projectId: id, version: versionSchema });
export type DeleteProjectInput = z.infer<typeof deleteProjectSchema>;

export const reorderProjectSchema = z.object({
  profileId: id,
  version: versionSchema,
  projectIds: z.array(id).min(1).max(200),
});
export type ReorderProjectInput = z.infer<typeof reorderProjectSchema>;

export const featuredCategorySchema = z.enum(FEATURED_ORGANISATION_CATEGORIES);

export const bof500SearchSchema = z.object({
  name: z.string().trim().max(100).default(''),
  category: personCategory,
  country: countryCode,
  year: year.nullish().transform((v) => v ?? null),
  first: z.number().int().min(1).max(100).default(20),
});
export type Bof500SearchInput = z.infer<typeof bof500SearchSchema>;

const page = {
  name: z.string().trim().max(100).default(''),
  first: z.number().int().min(1).max(100).default(24),
  offset: z.number().int().min(0).max(100_000).default(0),
};

/** The /people/ directory's filters, as a page or a GraphQL caller gives them. */
export const personDirectorySchema = z.object({ ...page, category: personCategory, country: countryCode });
export type PersonDirectoryInput = z.infer<typeof personDirectorySchema>;

/** The /organisations/ directory's filters. */
export const organisationDirectorySchema = z.object({
  ...page,
  industry: fromList('jobIndustries', 'Choose an industry from the list.'),
  size: fromList('companySizes', 'Choose a size from the list.'),
  type: fromList('companyTypes', 'Choose a type from the list.'),
  ownership: fromList('companyOwnership', 'Choose an ownership from the list.'),
  country: countryCode,
});
export type OrganisationDirectoryInput = z.infer<typeof organisationDirectorySchema>;
