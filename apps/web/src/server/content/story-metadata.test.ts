import { describe, expect, it } from 'vitest';
import { frontPageMetadata, newsArticleJsonLd, storyMetadata } from './story-metadata';
import { storyFixture } from './story-fixture';

const site = { siteUrl: 'https://bof.example', siteName: 'The Business of Fashion' };

describe('newsArticleJsonLd', () => {
  it('marks a free story free, with no gated part', () => {
    const data = newsArticleJsonLd(storyFixture({ access: 'free' }), site);
    expect(data).toMatchObject({
      '@type': 'NewsArticle',
      url: 'https://bof.example/articles/analysis/sport-is-luxurys-new-front-row/',
      isAccessibleForFree: true,
    });
    expect(data).not.toHaveProperty('hasPart');
  });

  it.each(['registered', 'members', 'premium', 'topic:beauty'])(
    'marks a %s story not free, its gated part at the container every reader gets',
    (access) => {
      expect(newsArticleJsonLd(storyFixture({ access }), site)).toMatchObject({
        isAccessibleForFree: false,
        hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.story-gated' },
      });
    },
  );

  it('names the publisher with its raster logo and the hero as a PNG', () => {
    const data = newsArticleJsonLd(storyFixture(), site);
    expect(data.publisher).toEqual({
      '@type': 'NewsMediaOrganization',
      name: 'The Business of Fashion',
      url: 'https://bof.example/',
      logo: { '@type': 'ImageObject', url: 'https://bof.example/logo.png', width: 512, height: 512 },
    });
    expect(data.image).toEqual(['https://bof.example/illustrations/arcs/sport-luxury.png']);
  });
});

describe('social tags', () => {
  it('gives a story a large PNG card of its hero', () => {
    const metadata = storyMetadata(storyFixture(), site);
    expect(metadata.openGraph).toMatchObject({
      type: 'article',
      title: 'Sport is luxury’s new front row',
      images: [
        {
          url: 'https://bof.example/illustrations/arcs/sport-luxury.png',
          width: 1600,
          height: 900,
          type: 'image/png',
        },
      ],
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image' });
  });

  it('gives the front page the publication and its logo', () => {
    const metadata = frontPageMetadata(site, 'News and analysis.');
    expect(metadata.openGraph).toMatchObject({
      type: 'website',
      url: 'https://bof.example/',
      title: 'The Business of Fashion',
      images: [{ url: 'https://bof.example/logo.png', type: 'image/png' }],
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary', title: 'The Business of Fashion' });
  });
});
