import { storyPath, type StoryCard } from '@bof/api/content';

const escape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** An RSS 2.0 feed of stories, newest first. */
export function rssFeed(feed: {
  siteUrl: string;
  title: string;
  description: string;
  path: string;
  stories: readonly StoryCard[];
}): Response {
  const items = feed.stories
    .map((story) => {
      const url = `${feed.siteUrl}${storyPath(story)}`;
      return [
        '<item>',
        `<title>${escape(story.headline)}</title>`,
        `<link>${escape(url)}</link>`,
        `<guid isPermaLink="false">${story.id}</guid>`,
        `<description>${escape(story.standfirst)}</description>`,
        `<pubDate>${story.publishedAt.toUTCString()}</pubDate>`,
        ...story.authors.map((a) => `<dc:creator>${escape(a.name)}</dc:creator>`),
        ...story.topics.map((t) => `<category>${escape(t.name)}</category>`),
        '</item>',
      ].join('');
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${escape(feed.title)}</title>
<link>${escape(feed.siteUrl + feed.path)}</link>
<atom:link href="${escape(`${feed.siteUrl}${feed.path}feed.xml`)}" rel="self" type="application/rss+xml"/>
<description>${escape(feed.description)}</description>
<language>en-gb</language>
${feed.stories[0] ? `<lastBuildDate>${feed.stories[0].publishedAt.toUTCString()}</lastBuildDate>` : ''}
${items}
</channel>
</rss>
`;
  return new Response(xml, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
