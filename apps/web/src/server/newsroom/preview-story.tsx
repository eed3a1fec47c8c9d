import { headers } from 'next/headers';
import type { Story } from '@bof/api/content';
import type { StoryRow, Taxonomy } from '@bof/api/newsroom';
import { decideAccess } from '@bof/paywall/decide-access';
import type { MeteredRead } from '@bof/paywall/meter';
import type { AccessLevel, Reader } from '@bof/paywall/types';
import { getServerEnv } from '@bof/config/server';
import { StoryWall } from '../../components/access/story-wall';
import { StoryView } from '../../components/content/story-view';
import { PREVIEW_BLOCKS } from '../access/story-access';
import { wallCurrency } from '../access/wall-currency';
import { wallPlans } from '../access/wall-plans';

/** Who a preview shows the story to. */
export const PREVIEW_AUDIENCES = ['anonymous', 'registered', 'member'] as const;
export type PreviewAudience = (typeof PREVIEW_AUDIENCES)[number];

/**
 * The reader each audience stands for. Readers who still have free reads on the meter see a gated story
 * whole, so the preview shows the readers the wall is for: an anonymous reader and a registered one whose
 * free reads are used up; and a member (Standard membership).
 */
function readerFor(audience: PreviewAudience): Reader | null {
  if (audience === 'anonymous') return null;
  return audience === 'registered'
    ? { userId: 'preview-registered', membershipLevel: 'None', membershipType: 'None', isBofAdmin: false }
    : {
        userId: 'preview-member',
        membershipLevel: 'Standard',
        membershipType: 'Individual',
        isBofAdmin: false,
      };
}

/** A draft as the story page reads a story. */
function storyOf(row: StoryRow, taxonomy: Taxonomy): Story {
  const draft = row.record;
  const name = (list: { slug: string; name: string }[], slug: string) =>
    list.find((item) => item.slug === slug)?.name ?? slug;
  const words = draft.body
    .map((b) => ('text' in b ? b.text : ''))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
  const { photo, ...hero } = draft.hero;
  return {
    id: row.id,
    slug: draft.slug,
    kind: 'article',
    headline: draft.headline || '(No headline yet)',
    standfirst: draft.standfirst,
    section: {
      slug: draft.section ?? 'news',
      name: draft.section ? name(taxonomy.sections, draft.section) : '(No section yet)',
    },
    series: draft.series ? { slug: draft.series, title: name(taxonomy.series, draft.series) } : null,
    hero: photo ? { ...hero, photo } : hero,
    access: draft.access,
    mediaType: draft.mediaType,
    publishedAt: row.publishedAt ?? row.publishAt ?? new Date(),
    updatedAt: null,
    wordCount: words,
    readingMinutes: Math.max(1, Math.round(words / 230)),
    authors: draft.authors.map((a) => ({
      slug: a.slug,
      name: name(taxonomy.authors, a.slug),
      title: '',
      role: a.role,
    })),
    topics: draft.topics.map((slug) => ({ slug, name: name(taxonomy.topics, slug) })),
    body: draft.body.map((block) => {
      if (block.type !== 'image') return block;
      const { photo: blockPhoto, ...rest } = block;
      return blockPhoto ? { ...rest, photo: blockPhoto } : rest;
    }) as Story['body'],
    glossary: null,
    tags: draft.tags.map((slug, i) => ({ id: i, slug, name: slug })),
    version: row.revision,
  } as Story;
}

/**
 * A draft rendered by the story page's own view, as `audience` would get it: the access engine decides
 * (walls included), and a reader without access gets the opening and the wall only.
 */
export async function PreviewedStory({
  row,
  taxonomy,
  audience,
}: {
  row: StoryRow;
  taxonomy: Taxonomy;
  audience: PreviewAudience;
}) {
  const env = getServerEnv();
  const story = storyOf(row, taxonomy);
  const access = story.access as AccessLevel;
  const reader = readerFor(audience);
  const now = new Date();
  const allowance = reader
    ? env.meter.anonymousReads + env.meter.registeredExtraReads
    : env.meter.anonymousReads;
  const spent: MeteredRead[] = Array.from({ length: allowance }, (_, i) => ({
    articleId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    at: Math.floor(now.getTime() / 1000) - 60,
  }));
  const decision = decideAccess({
    article: { id: story.id, access },
    reader,
    meter: spent,
    gift: null,
    groups: [],
    policy: env.meter,
    now,
  });
  const opens = decision.kind !== 'wall';
  const url = `${env.siteUrl}/articles/${story.section.slug}/${story.slug}/`;
  const wallDecision = decision.kind === 'wall' ? decision : null;
  const topicSlug = wallDecision?.topic ?? story.topics[0]?.slug ?? null;
  const topic = topicSlug
    ? { id: topicSlug, label: story.topics.find((t) => t.slug === topicSlug)?.name ?? topicSlug }
    : null;
  const free = access === 'free';
  return (
    <StoryView
      story={story}
      blocks={free && opens ? story.body : story.body.slice(0, PREVIEW_BLOCKS)}
      gatedBlocks={opens && !free ? story.body.slice(PREVIEW_BLOCKS) : []}
      wall={
        opens ? null : (
          <StoryWall
            wall={wallDecision}
            articleId={story.id}
            storyUrl={url}
            topic={topic}
            plans={
              wallDecision ? wallPlans(access, wallCurrency((await headers()).get('accept-language'))) : []
            }
          />
        )
      }
      related={[]}
      recommended={[]}
      url={url}
    />
  );
}
