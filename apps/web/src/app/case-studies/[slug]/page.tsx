import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getServerEnv } from '@bof/config/server';
import { storyPath } from '@bof/api/content';
import { gatedStory } from '../../../components/access/gated-story';
import { Glossary } from '../../../components/content/glossary';
import { JsonLd } from '../../../components/content/json-ld';
import { relatedSlugs, StoryView } from '../../../components/content/story-view';
import {
  content,
  orNotFound,
  orUndefined,
  slugOr404,
  slugOrUndefined,
  storyBySlug,
} from '../../../server/content/content-pages';
import { newsArticleJsonLd, storyMetadata } from '../../../server/content/story-metadata';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const valid = slugOrUndefined(slug);
  const story = valid ? await orUndefined(storyBySlug(valid)) : undefined;
  if (!story) return {};
  return storyMetadata(story, getServerEnv());
}

/** A case study: the story, its glossary, and its PDF report. */
export default async function CaseStudyPage({ params }: Props) {
  const { slug } = await params;
  const service = await content();
  const story = await orNotFound(storyBySlug(slugOr404(slug)));
  if (story.kind !== 'case_study') permanentRedirect(storyPath(story));
  if (!story.glossary) notFound();
  const env = getServerEnv();
  const url = `${env.siteUrl}${storyPath(story)}`;
  const [parts, recommended] = await Promise.all([
    gatedStory(story, url),
    service.recommendedStories({ slug: story.slug, limit: 4 }),
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
        headerExtra={
          // The report is for readers whose membership includes the case study (docs/access.md); a gift
          // or a metered read opens the page only, so it offers no download that would bounce.
          parts.report ? (
            <p className="mt-4 text-sm print:hidden">
              <a href={`/case-studies/${story.slug}/report.pdf`} className="font-semibold" download>
                Download the PDF report
              </a>{' '}
              <span className="text-muted">(made from this case study, with its glossary)</span>
            </p>
          ) : null
        }
        afterBody={parts.opens ? <Glossary entries={story.glossary} /> : null}
      />
    </>
  );
}
