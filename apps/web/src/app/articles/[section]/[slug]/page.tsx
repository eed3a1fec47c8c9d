import type { Metadata } from 'next';
import { permanentRedirect } from 'next/navigation';
import { getServerEnv } from '@bof/config/server';
import { storyPath } from '@bof/api/content';
import { gatedStory } from '../../../../components/access/gated-story';
import { JsonLd } from '../../../../components/content/json-ld';
import { NewsletterSignupBox } from '../../../../components/newsletters/newsletter-signup-box';
import { newslettersForStory } from '../../../../server/newsletters-page';
import { relatedSlugs, StoryView } from '../../../../components/content/story-view';
import {
  content,
  orNotFound,
  orUndefined,
  slugOr404,
  slugOrUndefined,
  storyBySlug,
} from '../../../../server/content/content-pages';
import { newsArticleJsonLd, storyMetadata } from '../../../../server/content/story-metadata';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ section: string; slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const valid = slugOrUndefined(slug);
  const story = valid ? await orUndefined(storyBySlug(valid)) : undefined;
  if (!story) return {};
  return storyMetadata(story, getServerEnv());
}

/** An article at /articles/{section}/{slug}/. A wrong section or a case study redirects to its home. */
export default async function ArticlePage({ params }: Props) {
  const { section, slug } = await params;
  const service = await content();
  const story = await orNotFound(storyBySlug(slugOr404(slug)));
  if (story.kind === 'case_study' || story.section.slug !== section) permanentRedirect(storyPath(story));
  const env = getServerEnv();
  const url = `${env.siteUrl}${storyPath(story)}`;
  // The reader's access, the recommendations and the newsletter offers do not depend on one another;
  // the related stories are those the reader's part of the body links to.
  const [parts, recommended, offered] = await Promise.all([
    gatedStory(story, url),
    service.recommendedStories({ slug: story.slug, limit: 4 }),
    newslettersForStory(story.topics.map((t) => t.slug)),
  ]);
  const related = await service.cards(relatedSlugs([...parts.blocks, ...parts.gatedBlocks]));
  return (
    <>
      <JsonLd data={newsArticleJsonLd(story, env)} />
      <StoryView
        story={story}
        blocks={parts.blocks}
        gatedBlocks={parts.gatedBlocks}
        wall={parts.wall}
        notice={parts.notice}
        related={related}
        recommended={recommended}
        url={url}
        afterAuthors={<NewsletterSignupBox offered={offered} />}
      />
    </>
  );
}
