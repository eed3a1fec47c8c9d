import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ListPageInfo } from '../../server/content/list-page';
import { cardFixture } from '../../server/content/story-fixture';
import { StoryListPage } from './story-list-page';

const section: ListPageInfo = {
  path: '/articles/analysis/',
  kicker: 'Section',
  title: 'Analysis',
  description: 'Reported analysis.',
  feed: true,
};
const one = { stories: [cardFixture()], page: 2, pageCount: 3 };

describe('StoryListPage', () => {
  it('heads the page with its title, description and feed, and links the pages either side', () => {
    const html = renderToStaticMarkup(<StoryListPage info={section} list={one} empty="None yet." />);
    expect(html).toContain('<h1 class="mt-2 font-serif text-4xl font-bold leading-tight">Analysis</h1>');
    expect(html).toContain('<p>Reported analysis.</p>');
    expect(html).toContain(
      '<a href="/articles/analysis/feed.xml" type="application/rss+xml">RSS feed of Analysis</a>',
    );
    // Rendered outside the Next server, links drop the trailing slash the served site keeps.
    expect(html).toMatch(/<a rel="prev"[^>]* href="\/articles\/analysis">← Newer stories<\/a>/);
    expect(html).toContain('Page 2 of 3');
    expect(html).toMatch(/<a rel="next"[^>]* href="\/articles\/analysis\?page=3">Older stories →<\/a>/);
    expect(html).toContain('<h2 class="font-serif');
    expect(html).not.toContain('None yet.');
  });

  it('puts the stories under a heading of their own when asked, their headlines one level down', () => {
    const html = renderToStaticMarkup(
      <StoryListPage
        info={{ ...section, feed: false }}
        list={one}
        empty="None yet."
        storiesHeading="Stories by Amara Okafor (1)"
      />,
    );
    expect(html).toContain('>Stories by Amara Okafor (1)</h2>');
    expect(html).toContain('<h3');
    expect(html).not.toContain('feed.xml');
  });

  it('says so when the list is empty, with no page links', () => {
    const html = renderToStaticMarkup(
      <StoryListPage
        info={section}
        list={{ stories: [], page: 1, pageCount: 1 }}
        empty="None yet."
        note="0 stories"
      />,
    );
    expect(html).toContain('None yet.');
    expect(html).toContain('<p class="mt-2 text-sm">0 stories</p>');
    expect(html).not.toContain('aria-label="Pages"');
  });
});
