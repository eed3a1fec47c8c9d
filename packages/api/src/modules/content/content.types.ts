import type { BodyBlock, GlossaryEntry, Hero } from './content.inputs';

/** A story's kind: an article, or a case study (a premium long-form report with a glossary). */
export type StoryKind = 'article' | 'case_study';

export interface Section {
  id: number;
  slug: string;
  name: string;
  description: string;
}
export interface Topic {
  id: number;
  slug: string;
  name: string;
  description: string;
}
export interface Tag {
  id: number;
  slug: string;
  name: string;
}
export interface Author {
  id: number;
  slug: string;
  name: string;
  title: string;
  bio: string;
  /** The uploaded portrait's media id, if any. */
  photo: string | null;
}
export interface Series {
  id: number;
  slug: string;
  title: string;
  description: string;
}

/** An author on a story's byline, with the spec §4 story contributor role. */
export interface Byline {
  slug: string;
  name: string;
  title: string;
  role: string;
}

/** What a list, rail or card shows of a story. */
export interface StoryCard {
  id: string;
  slug: string;
  kind: StoryKind;
  headline: string;
  standfirst: string;
  section: { slug: string; name: string };
  series: { slug: string; title: string } | null;
  hero: Hero;
  access: string;
  mediaType: string;
  publishedAt: Date;
  updatedAt: Date | null;
  wordCount: number;
  readingMinutes: number;
  authors: Byline[];
  topics: { slug: string; name: string }[];
}

/** A whole story, for its page. The body is the validated blocks of the import format. */
export interface Story extends StoryCard {
  body: BodyBlock[];
  glossary: GlossaryEntry[] | null;
  tags: { slug: string; name: string }[];
  version: number;
}

/** One kept version of a story. */
export interface StoryVersion {
  version: number;
  contentHash: string;
  createdAt: Date;
}

/** A page of stories and how many there are in all. */
export interface StoryPage {
  stories: StoryCard[];
  total: number;
  page: number;
  pageCount: number;
}

/** Which stories a list holds. */
export interface StoryFilter {
  kind?: StoryKind;
  sectionId?: number;
  topicId?: number;
  authorId?: number;
  seriesId?: number;
  excludeIds?: readonly string[];
}

/** A story's place in the sitemap and feeds. */
export interface StoryLocation {
  slug: string;
  kind: StoryKind;
  sectionSlug: string;
  publishedAt: Date;
  updatedAt: Date | null;
}
