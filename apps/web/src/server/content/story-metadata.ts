import type { Metadata } from 'next';
import { storyPath, type Story } from '@bof/api/content';

const illustrationUrl = (siteUrl: string, story: Pick<Story, 'hero'>) =>
  `${siteUrl}/illustrations/${story.hero.art.motif}/${encodeURIComponent(story.hero.art.seed)}.svg`;

/**
 * Open Graph and Twitter tags of a story page. The page title stays the site name (spec §1): the
 * headline goes in og:title and twitter:title. The canonical link comes from the root layout.
 */
export function storyMetadata(story: Story, site: { siteUrl: string; siteName: string }): Metadata {
  const url = `${site.siteUrl}${storyPath(story)}`;
  const image = { url: illustrationUrl(site.siteUrl, story), width: 1200, height: 675, alt: story.hero.alt };
  return {
    description: story.standfirst,
    authors: story.authors.map((a) => ({ name: a.name, url: `${site.siteUrl}/authors/${a.slug}/` })),
    openGraph: {
      type: 'article',
      siteName: site.siteName,
      locale: 'en_GB',
      title: story.headline,
      description: story.standfirst,
      url,
      publishedTime: story.publishedAt.toISOString(),
      modifiedTime: (story.updatedAt ?? story.publishedAt).toISOString(),
      authors: story.authors.map((a) => `${site.siteUrl}/authors/${a.slug}/`),
      section: story.section.name,
      tags: [...story.topics.map((t) => t.name), ...story.tags.map((t) => t.name)],
      images: [image],
    },
    twitter: {
      card: 'summary_large_image',
      title: story.headline,
      description: story.standfirst,
      images: [image.url],
    },
  };
}

/** schema.org NewsArticle of a story, with the paywall hint search engines read. */
export function newsArticleJsonLd(
  story: Story,
  site: { siteUrl: string; siteName: string },
): Record<string, unknown> {
  const url = `${site.siteUrl}${storyPath(story)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: story.headline,
    description: story.standfirst,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [illustrationUrl(site.siteUrl, story)],
    datePublished: story.publishedAt.toISOString(),
    dateModified: (story.updatedAt ?? story.publishedAt).toISOString(),
    author: story.authors.map((a) => ({
      '@type': 'Person',
      name: a.name,
      jobTitle: a.title,
      url: `${site.siteUrl}/authors/${a.slug}/`,
    })),
    publisher: { '@type': 'Organization', name: site.siteName, url: `${site.siteUrl}/` },
    articleSection: story.section.name,
    keywords: [...story.topics.map((t) => t.name), ...story.tags.map((t) => t.name)].join(', '),
    wordCount: story.wordCount,
    inLanguage: 'en-GB',
    isAccessibleForFree: story.access === 'free',
    ...(story.access === 'free'
      ? {}
      : { hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.story-gated' } }),
  };
}
