import { describe, expect, it } from 'vitest';
import { listPageMetadata, type ListPageInfo } from './list-page';

const site = { siteUrl: 'https://bof.example' };
const topic: ListPageInfo = {
  path: '/topics/beauty/',
  kicker: 'Topic',
  title: 'Beauty',
  description: 'Skincare, make-up, fragrance and the business of beauty brands.',
  feed: true,
};

describe('listPageMetadata', () => {
  it('describes the list, names its feed and keeps the first page canonical', () => {
    expect(listPageMetadata(topic, site)).toEqual({
      description: topic.description,
      openGraph: { title: 'Beauty', description: topic.description, type: 'website' },
      alternates: {
        canonical: './',
        types: { 'application/rss+xml': 'https://bof.example/topics/beauty/feed.xml' },
      },
    });
  });

  it('names no feed for a list without one, and an author is a profile', () => {
    const author = listPageMetadata(
      {
        path: '/authors/amara-okafor/',
        kicker: 'Senior Correspondent',
        title: 'Amara Okafor',
        description: 'Bio.',
        openGraphType: 'profile',
      },
      site,
    );
    expect(author.alternates).toEqual({ canonical: './' });
    expect(author.openGraph).toEqual({ title: 'Amara Okafor', description: 'Bio.', type: 'profile' });
  });

  it('never sets a title of its own: every page is titled with the site name', () => {
    expect(listPageMetadata(topic, site)).not.toHaveProperty('title');
  });
});
