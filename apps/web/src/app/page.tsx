import type { Metadata } from 'next';
import Link from 'next/link';
import { getServerEnv } from '@bof/config/server';
import { FrontRail } from '../components/content/front-rail';
import { StoryCard } from '../components/content/story-card';
import { content } from '../server/content/content-pages';
import { frontPageMetadata } from '../server/content/story-metadata';
import { subscribeHref } from '../site/navigation';

export const dynamic = 'force-dynamic';

export function generateMetadata(): Metadata {
  return frontPageMetadata(getServerEnv(), 'News, analysis and careers for the fashion business.');
}

/** The editorial front (spec §2 home): top story, latest, analysis, topic rails, case studies, series. */
export default async function HomePage() {
  const front = await (await content()).frontPage();
  if (!front.topStory) {
    return (
      <div className="mx-auto max-w-page px-gutter py-16">
        <h1 className="font-serif text-4xl font-bold">News, analysis and careers for the fashion business</h1>
        <p className="mt-4 max-w-measure text-lg text-muted">
          No stories have been published yet. Import an edition with{' '}
          <code>npm run content:import -- FILE</code>.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-page space-y-14 px-gutter py-8">
      <h1 className="sr-only">Fashion business news and analysis</h1>
      <div className="grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="top-story" className="lg:col-span-2">
          <h2 id="top-story" className="sr-only">
            Top story
          </h2>
          <StoryCard story={front.topStory} variant="lead" />
        </section>
        <section
          aria-labelledby="latest"
          className="border-t-2 border-ink pt-3 lg:border-t-0 lg:border-l lg:border-rule lg:pl-8 lg:pt-0"
        >
          <h2 id="latest" className="text-sm font-semibold uppercase tracking-wide">
            Latest
          </h2>
          <ol className="mt-4 divide-y divide-rule">
            {front.latest.map((story) => (
              <li key={story.id} className="py-4 first:pt-0">
                <StoryCard story={story} variant="compact" />
              </li>
            ))}
          </ol>
        </section>
      </div>
      <FrontRail id="analysis" title="Analysis" href="/articles/analysis/" stories={front.analysis} />
      {front.caseStudies.length > 0 ? (
        <section aria-labelledby="case-studies" className="bg-surface px-gutter py-8">
          <div className="flex items-baseline justify-between gap-4">
            <h2 id="case-studies" className="text-sm font-semibold uppercase tracking-wide">
              Case Studies
            </h2>
            <Link prefetch={false} href="/case-studies/" className="text-sm">
              All case studies
            </Link>
          </div>
          <p className="mt-2 max-w-measure text-muted">
            Long-form studies of how companies won, lost and adapted, each with a glossary and a PDF report.
          </p>
          <ul className="mt-6 grid gap-8 md:grid-cols-3">
            {front.caseStudies.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {front.topicRails.map((rail) => (
        <FrontRail
          key={rail.topic.slug}
          id={`topic-${rail.topic.slug}`}
          title={rail.topic.name}
          href={`/topics/${rail.topic.slug}/`}
          stories={rail.stories}
          compact
        />
      ))}
      {front.series ? (
        <FrontRail
          id="series"
          title={front.series.series.title}
          href={`/series/${front.series.series.slug}/`}
          stories={front.series.stories}
          intro={front.series.series.description}
        />
      ) : null}
      <section aria-labelledby="membership" className="border-t border-rule pt-8 text-center">
        <h2 id="membership" className="font-serif text-2xl font-bold">
          Read without limits
        </h2>
        <p className="mx-auto mt-2 max-w-measure text-muted">
          Members read every story, case study and briefing, on every device.
        </p>
        <p className="mt-6">
          <Link
            prefetch={false}
            href={subscribeHref}
            className="rounded bg-accent px-4 py-2 font-medium text-accent-ink no-underline"
          >
            See membership options
          </Link>
        </p>
      </section>
    </div>
  );
}
