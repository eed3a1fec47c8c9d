import { builder } from '../../builder';
import type { GraphQLContext } from '../../context';
import { MediaTypeEnum, StoryContributorRoleEnum } from '../../enums/enums.graphql';
import { ErrorInterface } from '../../errors/error-types.graphql';
import { hasErrorCode } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { registerResultError } from '../../errors/result-errors';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { recommendedStoriesInputSchema, type Hero } from './content.inputs';
import { ContentNotFoundError } from './content.errors';
import { storyPath, type FrontPage } from './content.service';
import type { Author, Byline, Section, Series, StoryCard, StoryPage, Topic } from './content.types';
import { illustrationPath } from './illustration-url';

// Content for client components: stories as cards (never their body: what a reader may read is the
// access decision's, in the server-rendered page), the front, topics, authors and recommendations.

const serviceFor = (ctx: GraphQLContext) => ctx.services.content;
const absolute = (ctx: GraphQLContext, path: string) => `${ctx.services.env.siteUrl}${path}`;
const orNull = async <T>(work: Promise<T>): Promise<T | null> => {
  try {
    return await work;
  } catch (error) {
    if (hasErrorCode(error, 'content_not_found')) return null;
    throw error;
  }
};

interface ImageView {
  url: string;
  alt: string;
  caption: string;
  credit: string;
}
const imageOf = (ctx: GraphQLContext, hero: Hero): ImageView => ({
  url: absolute(ctx, illustrationPath(hero.art)),
  alt: hero.alt,
  caption: hero.caption,
  credit: hero.credit,
});

const ImageType = builder.objectRef<ImageView>('StoryImage').implement({
  description: "A story's illustration: a PNG file the site draws from the story's art (1600 × 900).",
  fields: (t) => ({
    url: t.exposeString('url'),
    alt: t.exposeString('alt'),
    caption: t.exposeString('caption'),
    credit: t.exposeString('credit'),
  }),
});

const SectionType = builder.objectRef<Section>('Section').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    url: t.string({ resolve: (s, _a, ctx) => absolute(ctx, `/articles/${s.slug}/`) }),
  }),
});

const TopicType = builder.objectRef<Topic>('Topic').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    url: t.string({ resolve: (topic, _a, ctx) => absolute(ctx, `/topics/${topic.slug}/`) }),
  }),
});

const SeriesType = builder.objectRef<Series>('Series').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    url: t.string({ resolve: (s, _a, ctx) => absolute(ctx, `/series/${s.slug}/`) }),
  }),
});

const AuthorType = builder.objectRef<Author>('Author').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    title: t.exposeString('title', { description: 'The job title on the byline.' }),
    bio: t.exposeString('bio'),
    url: t.string({ resolve: (a, _args, ctx) => absolute(ctx, `/authors/${a.slug}/`) }),
  }),
});

const BylineType = builder.objectRef<Byline>('Byline').implement({
  description: 'An author of a story with their contributor role.',
  fields: (t) => ({
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    title: t.exposeString('title'),
    role: t.field({ type: StoryContributorRoleEnum, resolve: (b) => b.role as never }),
  }),
});

const StoryType = builder.objectRef<StoryCard>('Story').implement({
  description: 'An article or a case study, as a card: everything but its body.',
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    kind: t.string({ description: '`article` or `case_study`.', resolve: (s) => s.kind }),
    headline: t.exposeString('headline'),
    standfirst: t.exposeString('standfirst'),
    url: t.string({ resolve: (s, _a, ctx) => absolute(ctx, storyPath(s)) }),
    section: t.field({ type: SectionNameType, resolve: (s) => s.section }),
    topics: t.field({ type: [TopicNameType], resolve: (s) => s.topics }),
    authors: t.field({ type: [BylineType], resolve: (s) => s.authors }),
    access: t.exposeString('access', {
      description: 'free, registered, members, premium, or a topic package such as topic:beauty.',
    }),
    mediaType: t.field({ type: MediaTypeEnum, resolve: (s) => s.mediaType as never }),
    publishedAt: t.field({ type: DateTimeScalar, resolve: (s) => s.publishedAt }),
    updatedAt: t.field({ type: DateTimeScalar, nullable: true, resolve: (s) => s.updatedAt }),
    wordCount: t.exposeInt('wordCount'),
    readingMinutes: t.exposeInt('readingMinutes'),
    image: t.field({ type: ImageType, resolve: (s, _a, ctx) => imageOf(ctx, s.hero) }),
  }),
});

const SectionNameType = builder.objectRef<{ slug: string; name: string }>('SectionName').implement({
  fields: (t) => ({ slug: t.exposeString('slug'), name: t.exposeString('name') }),
});
const TopicNameType = builder.objectRef<{ slug: string; name: string }>('TopicName').implement({
  fields: (t) => ({ slug: t.exposeString('slug'), name: t.exposeString('name') }),
});

const StoryPageType = builder.objectRef<StoryPage>('StoryPage').implement({
  description: 'One page of a list of stories, newest first.',
  fields: (t) => ({
    stories: t.field({ type: [StoryType], resolve: (p) => p.stories }),
    total: t.exposeInt('total'),
    page: t.exposeInt('page'),
    pageCount: t.exposeInt('pageCount'),
  }),
});

const pageOf = (page: number | null | undefined) => Math.min(10_000, Math.max(1, page ?? 1));

builder.objectFields(TopicType, (t) => ({
  stories: t.field({
    type: StoryPageType,
    args: { page: t.arg.int({ defaultValue: 1 }) },
    resolve: async (topic, args, ctx) => serviceFor(ctx).topicStories(topic, pageOf(args.page)),
  }),
}));

builder.objectFields(AuthorType, (t) => ({
  stories: t.field({
    type: StoryPageType,
    args: { page: t.arg.int({ defaultValue: 1 }) },
    resolve: async (author, args, ctx) => serviceFor(ctx).authorPage(author.slug, pageOf(args.page)),
  }),
}));

const TopicRailType = builder.objectRef<FrontPage['topicRails'][number]>('TopicRail').implement({
  fields: (t) => ({
    topic: t.field({ type: TopicType, resolve: (r) => r.topic }),
    stories: t.field({ type: [StoryType], resolve: (r) => r.stories }),
  }),
});

const SeriesRailType = builder.objectRef<NonNullable<FrontPage['series']>>('SeriesRail').implement({
  fields: (t) => ({
    series: t.field({ type: SeriesType, resolve: (r) => r.series }),
    stories: t.field({ type: [StoryType], resolve: (r) => r.stories }),
  }),
});

const FrontPageType = builder.objectRef<FrontPage>('FrontPage').implement({
  description: 'The editorial front: no story appears twice.',
  fields: (t) => ({
    topStory: t.field({ type: StoryType, nullable: true, resolve: (f) => f.topStory }),
    latest: t.field({ type: [StoryType], resolve: (f) => f.latest }),
    analysis: t.field({ type: [StoryType], resolve: (f) => f.analysis }),
    topicRails: t.field({ type: [TopicRailType], resolve: (f) => f.topicRails }),
    caseStudies: t.field({ type: [StoryType], resolve: (f) => f.caseStudies }),
    series: t.field({ type: SeriesRailType, nullable: true, resolve: (f) => f.series }),
  }),
});

/** Spec §3 RecommendedStory. */
const RecommendedStoryType = builder.objectRef<StoryCard>('RecommendedStory').implement({
  description: 'A story to read next (spec §3).',
  fields: (t) => ({
    id: t.exposeID('id'),
    title: t.exposeString('headline'),
    description: t.exposeString('standfirst'),
    uri: t.string({ resolve: (s, _a, ctx) => absolute(ctx, storyPath(s)) }),
    mediaType: t.field({ type: MediaTypeEnum, resolve: (s) => s.mediaType as never }),
    availableTime: t.field({ type: DateTimeScalar, resolve: (s) => s.publishedAt }),
    categories: t.stringList({
      description: "The story's topics.",
      resolve: (s) => s.topics.map((x) => x.name),
    }),
    images: t.field({ type: [ImageType], resolve: (s, _a, ctx) => [imageOf(ctx, s.hero)] }),
    primarySection: t.string({ resolve: (s) => s.section.name }),
    persons: t.stringList({
      description: 'Its authors, in byline order.',
      resolve: (s) => s.authors.map((a) => a.name),
    }),
    organisations: t.stringList({
      description: 'Organisations the story is about; the content model does not tag them yet, so empty.',
      resolve: () => [],
    }),
  }),
});

const RecommendedStoriesInput = builder
  .inputType('RecommendedStoriesInput', {
    fields: (t) => ({
      slug: t.string({ description: 'Recommend after this story (its topics, never itself).' }),
      topics: t.stringList({ description: 'Or: topic slugs to recommend from.' }),
      limit: t.int({ defaultValue: 6 }),
    }),
  })
  .validate(recommendedStoriesInputSchema);

registerResultError('content_not_found', ContentNotFoundError);
builder.objectType(ContentNotFoundError, {
  name: 'ContentNotFoundError',
  description: 'No story, topic or author has the slug asked for.',
  interfaces: [ErrorInterface],
  fields: (t) => ({ slug: t.exposeString('slug') }),
});

builder.queryFields((t) => ({
  article: t.field({
    type: StoryType,
    nullable: true,
    description: 'A story by slug; null when there is none.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, { slug }, ctx) => orNull(serviceFor(ctx).story(slug)),
  }),
  topic: t.field({
    type: TopicType,
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, { slug }, ctx) => orNull(serviceFor(ctx).topic(slug)),
  }),
  author: t.field({
    type: AuthorType,
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, { slug }, ctx) => orNull(serviceFor(ctx).author(slug)),
  }),
  sections: t.field({ type: [SectionType], resolve: (_root, _args, ctx) => serviceFor(ctx).sections() }),
  topics: t.field({
    type: [TopicType],
    description: 'Every topic, the one with the most stories first.',
    resolve: (_root, _args, ctx) => serviceFor(ctx).topics(),
  }),
  front: t.field({ type: FrontPageType, resolve: (_root, _args, ctx) => serviceFor(ctx).frontPage() }),
  recommendedStories: t.field({
    type: [RecommendedStoryType],
    description: 'Stories sharing the most topics with a story (or topics), newest first among equals.',
    args: { input: t.arg({ type: RecommendedStoriesInput, required: true }) },
    errors: { types: [FieldValidationError, ContentNotFoundError] },
    resolve: (_root, { input }, ctx) =>
      serviceFor(ctx).recommendedStories({
        slug: input.slug ?? null,
        topics: input.topics ?? null,
        limit: input.limit ?? 6,
      }),
  }),
}));
