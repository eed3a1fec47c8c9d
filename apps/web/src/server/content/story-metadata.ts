import type { Metadata } from 'next';
import { illustrationPath, storyPath, type Story } from '@bof/api/content';
import { ILLUSTRATION_FILE_SIZE } from '@bof/api/content-illustration-svg';
import { GATED_PART_CLASS } from '../../components/content/gated-part';

interface Site {
  siteUrl: string;
  siteName: string;
}

/** The publisher's logo: a 512 × 512 PNG of the site's mark (apps/web/public/logo.png). */
export const PUBLISHER_LOGO = { path: '/logo.png', width: 512, height: 512 } as const;

/** A story's hero as a raster image file (social sites take PNG or JPEG, never SVG). */
const heroImageUrl = (site: Site, story: Pick<Story, 'hero'>) =>
  `${site.siteUrl}${illustrationPath(story.hero.art, 'png')}`;

/**
 * Open Graph and Twitter tags of a story page. The page title stays the site name (spec §1): the
 * headline goes in og:title and twitter:title. The canonical link comes from the root layout.
 */
export function storyMetadata(story: Story, site: Site): Metadata {
  const url = `${site.siteUrl}${storyPath(story)}`;
  const image = {
    url: heroImageUrl(site, story),
    width: ILLUSTRATION_FILE_SIZE.width,
    height: ILLUSTRATION_FILE_SIZE.height,
    type: 'image/png',
    alt: story.hero.alt,
  };
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
      images: [{ url: image.url, alt: image.alt }],
    },
  };
}

/** Open Graph and Twitter tags of the front page: the publication itself, with its logo. */
export function frontPageMetadata(site: Site, description: string): Metadata {
  const logo = {
    url: `${site.siteUrl}${PUBLISHER_LOGO.path}`,
    width: PUBLISHER_LOGO.width,
    height: PUBLISHER_LOGO.height,
    type: 'image/png',
    alt: site.siteName,
  };
  return {
    description,
    openGraph: {
      type: 'website',
      siteName: site.siteName,
      locale: 'en_GB',
      title: site.siteName,
      description,
      url: `${site.siteUrl}/`,
      images: [logo],
    },
    twitter: {
      card: 'summary',
      title: site.siteName,
      description,
      images: [{ url: logo.url, alt: logo.alt }],
    },
  };
}

/**
 * schema.org NewsArticle of a story. A gated story (any access level but free) is marked not free,
 * with `hasPart` pointing at the container of its gated part, which every reader's page has (the
 * rest of the body, or the wall in its place), as search engines' paywalled-content guidance asks.
 */
export function newsArticleJsonLd(story: Story, site: Site): Record<string, unknown> {
  const url = `${site.siteUrl}${storyPath(story)}`;
  const free = story.access === 'free';
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: story.headline,
    description: story.standfirst,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [heroImageUrl(site, story)],
    datePublished: story.publishedAt.toISOString(),
    dateModified: (story.updatedAt ?? story.publishedAt).toISOString(),
    author: story.authors.map((a) => ({
      '@type': 'Person',
      name: a.name,
      jobTitle: a.title,
      url: `${site.siteUrl}/authors/${a.slug}/`,
    })),
    publisher: {
      '@type': 'NewsMediaOrganization',
      name: site.siteName,
      url: `${site.siteUrl}/`,
      logo: {
        '@type': 'ImageObject',
        url: `${site.siteUrl}${PUBLISHER_LOGO.path}`,
        width: PUBLISHER_LOGO.width,
        height: PUBLISHER_LOGO.height,
      },
    },
    articleSection: story.section.name,
    keywords: [...story.topics.map((t) => t.name), ...story.tags.map((t) => t.name)].join(', '),
    wordCount: story.wordCount,
    inLanguage: 'en-GB',
    isAccessibleForFree: free,
    ...(free
      ? {}
      : {
          hasPart: {
            '@type': 'WebPageElement',
            isAccessibleForFree: false,
            cssSelector: `.${GATED_PART_CLASS}`,
          },
        }),
  };
}
