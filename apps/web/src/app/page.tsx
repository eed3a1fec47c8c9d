import type { Metadata } from 'next';
import Link from 'next/link';
import { getServerEnv } from '@bof/config/server';
import { FrontRail } from '../components/content/front-rail';
import { leadBlock, railStories } from '../components/content/front-layout';
import { StoryCard } from '../components/content/story-card';
import { FeaturedOrganisations } from '../components/profiles/featured-organisations';
import { content } from '../server/content/content-pages';
import { frontPageMetadata } from '../server/content/story-metadata';
import { profiles } from '../server/profiles/profile-pages';
import { subscribeHref } from '../site/navigation';

export const dynamic = 'force-dynamic';

/** The sections whose headlines run beside the lead stories, under Latest. */
const SECTION_RAILS = [{ slug: 'opinion', title: 'Opinion' }] as const;
/** How many featured organisations the front shows (a row of four on wide screens). */
const FEATURED_ORGANISATIONS = 8;

export function generateMetadata(): Metadata {
  return frontPageMetadata(getServerEnv(), 'News, analysis and careers for the fashion business.');
}

/**
 * The editorial front (spec §2 home), laid out as a publisher's: the top story with the secondary leads
 * under it, and beside them the latest headlines and the Opinion rail; then Analysis, the case
 * studies, the topic rails two by two and the series. No story appears twice.
 */
export default async function HomePage() {
  const service = await content();
  // One query for the featured organisations, whatever their number, beside the front's own.
  const [front, featured] = await Promise.all([
    service.frontPage(),
    profiles().then((p) => p.organisations.featured('HOMEPAGE_COMPONENT', FEATURED_ORGANISATIONS)),
  ]);
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
  const lead = leadBlock([front.topStory, ...front.latest]);
  const shown = new Set(
    [
      front.topStory,
      ...front.latest,
      ...front.analysis,
      ...front.caseStudies,
      ...front.topicRails.flatMap((rail) => rail.stories),
      ...(front.series?.stories ?? []),
    ].map((story) => story.id),
  );
  const sectionRails = [];
  for (const section of SECTION_RAILS) {
    const page = await service.sectionPage(section.slug, 1).catch(() => null);
    const stories = page ? railStories(page.stories, shown) : [];
    stories.forEach((story) => shown.add(story.id));
    if (stories.length > 0) sectionRails.push({ ...section, stories });
  }
  return (
    <div className="mx-auto max-w-page space-y-12 px-gutter py-8">
      <h1 className="sr-only">Fashion business news and analysis</h1>
      <div className="grid gap-x-8 gap-y-10 lg:grid-cols-12">
        <section aria-labelledby="top-stories" className="lg:col-span-8">
          <h2 id="top-stories" className="sr-only">
            Top stories
          </h2>
          <StoryCard story={lead.top!} variant="lead" />
          {lead.secondary.length > 0 ? (
            <ul className="mt-8 grid gap-8 border-t border-rule pt-8 sm:grid-cols-2">
              {lead.secondary.map((story) => (
                <li key={story.id}>
                  <StoryCard story={story} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <div className="space-y-10 lg:col-span-4 lg:border-l lg:border-rule lg:pl-8">
          <section aria-labelledby="latest" className="border-t-2 border-ink pt-3 lg:border-t-0 lg:pt-0">
            <h2 id="latest" className="text-sm font-semibold uppercase tracking-wide">
              Latest
            </h2>
            <ol className="mt-2 grid gap-x-8 sm:grid-cols-2 lg:grid-cols-1">
              {lead.latest.map((story) => (
                <li key={story.id} className="border-b border-rule py-4 lg:last:border-b-0">
                  <StoryCard story={story} variant="compact" />
                </li>
              ))}
            </ol>
          </section>
          {sectionRails.map((rail) => (
            <section
              key={rail.slug}
              aria-labelledby={`section-${rail.slug}`}
              className="border-t-2 border-ink pt-3"
            >
              <div className="flex items-baseline justify-between gap-4">
                <h2 id={`section-${rail.slug}`} className="text-sm font-semibold uppercase tracking-wide">
                  {rail.title}
                </h2>
                <Link prefetch={false} href={`/articles/${rail.slug}/`} className="text-sm">
                  More<span className="sr-only"> from {rail.title}</span>
                </Link>
              </div>
              <ul className="mt-2 grid gap-x-8 sm:grid-cols-2 lg:grid-cols-1">
                {rail.stories.map((story) => (
                  <li key={story.id} className="border-b border-rule py-4 lg:last:border-b-0">
                    <StoryCard story={story} variant="compact" />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
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
      {front.topicRails.length > 0 ? (
        <div className="grid gap-x-8 gap-y-12 md:grid-cols-2">
          {front.topicRails.map((rail) => (
            <FrontRail
              key={rail.topic.slug}
              id={`topic-${rail.topic.slug}`}
              title={rail.topic.name}
              href={`/topics/${rail.topic.slug}/`}
              stories={rail.stories}
              compact
              columns={2}
            />
          ))}
        </div>
      ) : null}
      <FeaturedOrganisations organisations={featured} />
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
