import { ContentNotFoundError } from './content.errors';
import type { ContentRepo } from './content.repo';
import type {
  Author,
  Section,
  Series,
  Story,
  StoryCard,
  StoryFilter,
  StoryPage,
  StoryVersion,
  Topic,
} from './content.types';

/** Stories on one page of a list (section, topic, author, series, case studies). */
export const PAGE_SIZE = 20;
/** The series the front page and `/series/bof-insights/` show. */
export const INSIGHTS_SERIES = 'bof-insights';
/** The front page's topic rails are the topics most used by this many newest stories. */
export const RAIL_TOPICS_FROM = 200;
/** The section the front page's analysis block reads from. */
export const ANALYSIS_SECTION = 'analysis';

/** The editorial front: every block is newest first and no story appears twice. */
export interface FrontPage {
  topStory: StoryCard | null;
  latest: StoryCard[];
  analysis: StoryCard[];
  topicRails: { topic: Topic; stories: StoryCard[] }[];
  caseStudies: StoryCard[];
  series: { series: Series; stories: StoryCard[] } | null;
}

/** The path of a story's page: case studies under /case-studies/, articles under their section. */
export function storyPath(
  story: Pick<StoryCard, 'kind' | 'slug'> & { section: Pick<StoryCard['section'], 'slug'> },
): string {
  return story.kind === 'case_study'
    ? `/case-studies/${story.slug}/`
    : `/articles/${story.section.slug}/${story.slug}/`;
}

type Deps = { repo: ContentRepo };

/** Reading use cases over the content: the pages and the GraphQL fields call these. */
export function createContentService({ repo }: Deps) {
  async function pageOf(filter: StoryFilter, page: number): Promise<StoryPage> {
    const [stories, total] = await Promise.all([
      repo.listStories(filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
      repo.countStories(filter),
    ]);
    return { stories, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  }

  return {
    /** Composes the front page. An empty database gives an empty front, not an error. */
    async frontPage(): Promise<FrontPage> {
      const used: string[] = [];
      const take = (stories: StoryCard[]) => {
        used.push(...stories.map((s) => s.id));
        return stories;
      };
      const newest = take(await repo.listStories({ kind: 'article' }, { limit: 9, offset: 0 }));
      const analysisSection = await repo.section(ANALYSIS_SECTION);
      const analysis = analysisSection
        ? take(
            await repo.listStories(
              { kind: 'article', sectionId: analysisSection.id, excludeIds: used },
              { limit: 4, offset: 0 },
            ),
          )
        : [];
      const seriesRow = await repo.series(INSIGHTS_SERIES);
      const seriesStories = seriesRow
        ? take(await repo.listStories({ seriesId: seriesRow.id, excludeIds: used }, { limit: 4, offset: 0 }))
        : [];
      const caseStudies = take(await repo.listStories({ kind: 'case_study' }, { limit: 3, offset: 0 }));
      const topicRails: FrontPage['topicRails'] = [];
      for (const topic of await repo.busiestTopics(RAIL_TOPICS_FROM)) {
        if (topicRails.length === 4 || topic.stories === 0) break;
        const stories = take(
          await repo.listStories(
            { kind: 'article', topicId: topic.id, excludeIds: used },
            { limit: 4, offset: 0 },
          ),
        );
        if (stories.length > 0) topicRails.push({ topic, stories });
      }
      return {
        topStory: newest[0] ?? null,
        latest: newest.slice(1),
        analysis,
        topicRails,
        caseStudies,
        series: seriesRow ? { series: seriesRow, stories: seriesStories } : null,
      };
    },

    /** One story by slug; ContentNotFoundError when there is none. */
    async story(slug: string): Promise<Story> {
      const story = await repo.story(slug);
      if (!story) throw new ContentNotFoundError('article', slug);
      return story;
    },

    /** Cards for the related-article blocks of a body, in the order asked; unknown slugs are left out. */
    async cards(slugs: readonly string[]): Promise<StoryCard[]> {
      const found = new Map((await repo.storiesBySlugs(slugs)).map((s) => [s.slug, s]));
      return slugs.flatMap((slug) => (found.has(slug) ? [found.get(slug)!] : []));
    },

    async sectionPage(slug: string, page: number): Promise<{ section: Section } & StoryPage> {
      const section = await repo.section(slug);
      if (!section) throw new ContentNotFoundError('section', slug);
      return { section, ...(await pageOf({ sectionId: section.id }, page)) };
    },

    async topicPage(slug: string, page: number): Promise<{ topic: Topic } & StoryPage> {
      const topic = await repo.topic(slug);
      if (!topic) throw new ContentNotFoundError('topic', slug);
      return { topic, ...(await pageOf({ topicId: topic.id }, page)) };
    },

    async authorPage(slug: string, page: number): Promise<{ author: Author } & StoryPage> {
      const author = await repo.author(slug);
      if (!author) throw new ContentNotFoundError('author', slug);
      return { author, ...(await pageOf({ authorId: author.id }, page)) };
    },

    async seriesPage(slug: string, page: number): Promise<{ series: Series } & StoryPage> {
      const series = await repo.series(slug);
      if (!series) throw new ContentNotFoundError('series', slug);
      return { series, ...(await pageOf({ seriesId: series.id }, page)) };
    },

    caseStudiesPage(page: number): Promise<StoryPage> {
      return pageOf({ kind: 'case_study' }, page);
    },

    /** The newest stories of all kinds, for feeds. */
    latest(limit: number, filter: StoryFilter = {}): Promise<StoryCard[]> {
      return repo.listStories(filter, { limit, offset: 0 });
    },

    /**
     * Stories to read next: those sharing the most topics with the given story (or topics), newest
     * first among equals, topped up with the newest stories when too few share a topic. The story
     * itself is never recommended.
     */
    async recommendedStories(input: {
      slug?: string | null;
      topics?: readonly string[] | null;
      limit: number;
    }): Promise<StoryCard[]> {
      let excludeId: string | null = null;
      let topicSlugs = [...(input.topics ?? [])];
      if (input.slug) {
        const story = await repo.story(input.slug);
        if (!story) throw new ContentNotFoundError('article', input.slug);
        excludeId = story.id;
        if (topicSlugs.length === 0) topicSlugs = story.topics.map((t) => t.slug);
      }
      const topics = await repo.topicsBySlugs(topicSlugs);
      const picked = await repo.storiesByTopicOverlap(
        topics.map((t) => t.id),
        excludeId,
        input.limit,
      );
      if (picked.length < input.limit) {
        const exclude = [...picked.map((s) => s.id), ...(excludeId ? [excludeId] : [])];
        picked.push(
          ...(await repo.listStories(
            { excludeIds: exclude },
            { limit: input.limit - picked.length, offset: 0 },
          )),
        );
      }
      return picked;
    },

    topic: async (slug: string): Promise<Topic> => {
      const topic = await repo.topic(slug);
      if (!topic) throw new ContentNotFoundError('topic', slug);
      return topic;
    },
    author: async (slug: string): Promise<Author> => {
      const author = await repo.author(slug);
      if (!author) throw new ContentNotFoundError('author', slug);
      return author;
    },
    section: async (slug: string): Promise<Section> => {
      const section = await repo.section(slug);
      if (!section) throw new ContentNotFoundError('section', slug);
      return section;
    },
    topics: () => repo.topicsByStoryCount(),
    sections: () => repo.sections(),
    authors: () => repo.authors(),
    /** Every series, by title. */
    seriesList: () => repo.allSeries(),

    /** Every kept version of a story, oldest first. */
    versions: (slug: string): Promise<StoryVersion[]> => repo.versions(slug),

    /** Story locations for the sitemap, newest first. */
    locations: (limit: number, offset: number) => repo.locations({ limit, offset }),
    countStories: () => repo.countStories({}),
    lastModified: () => repo.lastModified(),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
