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

/** How many of the front page's lead slots editors may pin (slot 1 is the top story). */
export const FRONT_PIN_SLOTS = 3;
/** How many stories each front page block shows (`latest` includes the top story). */
const FRONT = { latest: 9, analysis: 4, series: 4, caseStudies: 3, rails: 4, perRail: 4 } as const;
/** How many of the busiest topics the front page asks for rail stories at once. */
const RAIL_TOPICS_ASKED = 8;

/**
 * The lead slots, top story first, each leading with the story an editor pinned there, the rest newest
 * first (without the pinned).
 */
export function leadOrder(
  pins: readonly { slot: number; id: string }[],
  newest: readonly string[],
  size: number,
) {
  const pinned = new Set(pins.map((pin) => pin.id));
  const rest = newest.filter((id) => !pinned.has(id));
  const bySlot = new Map(pins.map((pin) => [pin.slot, pin.id]));
  const lead: string[] = [];
  for (let slot = 1; lead.length < size; slot += 1) {
    const id = bySlot.get(slot) ?? rest.shift();
    if (id === undefined) break;
    lead.push(id);
  }
  return lead;
}

/** The editorial front: the lead as editors pinned it, every block else newest first; no story twice. */
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
    // One query: the page's cards with their bylines and topics, and the list's size.
    const { stories, total } = await repo.storyPage(filter, {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    });
    return { stories, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
  }

  return {
    /**
     * Composes the front page. An empty database gives an empty front, not an error. Three rounds of
     * queries whatever the archive's size: the lists' ids (newest first, each over-asked by the stories
     * the blocks before it may take), then the topic rails' ids, then every chosen card at once; the
     * blocks are picked in memory in the order newest, analysis, series, case studies, rails.
     */
    async frontPage(): Promise<FrontPage> {
      const [pins, newestIds, analysisSection, seriesRow, caseStudyIds, busiest] = await Promise.all([
        repo.frontPins(),
        // Over-asked by the slots that can be pinned: pinned stories may be among the newest.
        repo.storyIds({ kind: 'article' }, FRONT.latest + FRONT_PIN_SLOTS),
        repo.section(ANALYSIS_SECTION),
        repo.series(INSIGHTS_SERIES),
        repo.storyIds({ kind: 'case_study' }, FRONT.caseStudies),
        repo.busiestTopics(RAIL_TOPICS_FROM),
      ]);
      const railTopics = busiest.filter((topic) => topic.stories > 0);
      // Every block before the rails takes at most this many stories; a rail skips them and its
      // predecessors' stories.
      const beforeRails = FRONT.latest + FRONT.analysis + FRONT.series + FRONT.caseStudies;
      const railCandidates = beforeRails + FRONT.rails * FRONT.perRail;
      const [analysisIds, seriesIds, firstRails] = await Promise.all([
        analysisSection
          ? repo.storyIds({ kind: 'article', sectionId: analysisSection.id }, FRONT.latest + FRONT.analysis)
          : [],
        seriesRow
          ? repo.storyIds({ seriesId: seriesRow.id }, FRONT.latest + FRONT.analysis + FRONT.series)
          : [],
        repo.topicStoryIds(
          railTopics.slice(0, RAIL_TOPICS_ASKED).map((t) => t.id),
          'article',
          railCandidates,
        ),
      ]);

      const used = new Set<string>();
      const take = (ids: readonly string[], limit: number, skipUsed: boolean) => {
        const chosen = (skipUsed ? ids.filter((id) => !used.has(id)) : ids).slice(0, limit);
        for (const id of chosen) used.add(id);
        return chosen;
      };
      const latest = take(leadOrder(pins, newestIds, FRONT.latest), FRONT.latest, false);
      const analysis = take(analysisIds, FRONT.analysis, true);
      const series = take(seriesIds, FRONT.series, true);
      const caseStudies = take(caseStudyIds, FRONT.caseStudies, false);
      const rails: { topic: Topic; ids: string[] }[] = [];
      let candidates = firstRails;
      for (let at = 0; at < railTopics.length && rails.length < FRONT.rails; at += 1) {
        // Rare: the first topics asked were not enough (their stories already on the page).
        if (at > 0 && at % RAIL_TOPICS_ASKED === 0) {
          candidates = await repo.topicStoryIds(
            railTopics.slice(at, at + RAIL_TOPICS_ASKED).map((t) => t.id),
            'article',
            railCandidates,
          );
        }
        const topic = railTopics[at]!;
        const ids = take(candidates.get(topic.id) ?? [], FRONT.perRail, true);
        if (ids.length > 0) rails.push({ topic, ids });
      }

      const cards = new Map((await repo.cardsByIds([...used])).map((card) => [card.id, card]));
      const cardsOf = (ids: readonly string[]) =>
        ids.flatMap((id) => (cards.has(id) ? [cards.get(id)!] : []));
      const newest = cardsOf(latest);
      return {
        topStory: newest[0] ?? null,
        latest: newest.slice(1),
        analysis: cardsOf(analysis),
        topicRails: rails.map(({ topic, ids }) => ({ topic, stories: cardsOf(ids) })),
        caseStudies: cardsOf(caseStudies),
        series: seriesRow ? { series: seriesRow, stories: cardsOf(series) } : null,
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

    /** A page of a topic already found (its page in GraphQL): no second look-up of the topic. */
    topicStories(topic: Topic, page: number): Promise<StoryPage> {
      return pageOf({ topicId: topic.id }, page);
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
      const topicSlugs = [...(input.topics ?? [])];
      let topicIds: number[] | undefined;
      if (input.slug) {
        // The story's id and its topics in one light query (not the whole story).
        const story = await repo.storyTopicIds(input.slug);
        if (!story) throw new ContentNotFoundError('article', input.slug);
        excludeId = story.id;
        if (topicSlugs.length === 0) topicIds = story.topicIds;
      }
      topicIds ??= (await repo.topicsBySlugs(topicSlugs)).map((t) => t.id);
      const picked = await repo.storiesByTopicOverlap(topicIds, excludeId, input.limit);
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

    /**
     * A page of the newest stories by the followed authors, on the followed topics or in the followed
     * sections (slugs; unknown ones are left out), published after `since` when given.
     */
    async followedStories(
      followed: { authors: readonly string[]; topics: readonly string[]; sections: readonly string[] },
      page: number,
      options: { since?: Date; pageSize?: number } = {},
    ): Promise<StoryPage> {
      const pageSize = options.pageSize ?? PAGE_SIZE;
      const ids = async <T extends { id: number }>(
        slugs: readonly string[],
        find: (slug: string) => Promise<T | null | undefined>,
      ) => (await Promise.all(slugs.map(find))).flatMap((found) => (found ? [found.id] : []));
      const [authorIds, topicIds, sectionIds] = await Promise.all([
        ids(followed.authors, (slug) => repo.author(slug)),
        ids(followed.topics, (slug) => repo.topic(slug)),
        ids(followed.sections, (slug) => repo.section(slug)),
      ]);
      const { stories, total } = await repo.followedStories(
        { authorIds, topicIds, sectionIds, ...(options.since ? { since: options.since } : {}) },
        { limit: pageSize, offset: (page - 1) * pageSize },
      );
      return { stories, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
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
