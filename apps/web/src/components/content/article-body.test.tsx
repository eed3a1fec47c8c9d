import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BodyBlock } from '@bof/api/content';
import { cardFixture } from '../../server/content/story-fixture';
import { ArticleBody } from './article-body';

const EVERY_KIND: BodyBlock[] = [
  { type: 'paragraph', text: 'Luxury houses now court athletes.' },
  { type: 'heading', text: 'Why sport', level: 2 },
  { type: 'heading', text: 'What it costs', level: 3 },
  {
    type: 'image',
    art: { motif: 'bars', seed: 'sponsorship-spend' },
    alt: 'Bars rising from left to right',
    caption: 'Sponsorship spending by year.',
    credit: 'Illustration: BoF Studio',
  },
  { type: 'pullQuote', text: 'Sport is the new runway.', attribution: 'Élodie Brissac, Maison Tessier' },
  { type: 'list', ordered: true, items: ['Tennis', 'Formula 1'] },
  { type: 'list', ordered: false, items: ['Hospitality', 'Kit deals'] },
  { type: 'youtube', videoId: 'aaaaaaaaaaa', title: 'The sponsorship deal explained' },
  { type: 'related', slug: 'the-related-story' },
  { type: 'related', slug: 'a-story-that-is-not-there' },
];

const render = () =>
  renderToStaticMarkup(
    <ArticleBody
      blocks={EVERY_KIND}
      related={[
        cardFixture({
          slug: 'the-related-story',
          headline: 'Heritage is not a strategy',
          section: { slug: 'opinion', name: 'Opinion' },
        }),
      ]}
      origin="https://bof.example"
    />,
  );

describe('ArticleBody', () => {
  const html = render();

  it('renders paragraphs and both heading levels', () => {
    expect(html).toContain('<p>Luxury houses now court athletes.</p>');
    expect(html).toMatch(/<h2[^>]*>Why sport<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>What it costs<\/h3>/);
  });

  it('renders an image through the image optimiser, with its alt text, caption and credit', () => {
    const figure = /<figure[^>]*><img ([^>]*)\/?><figcaption[^>]*>(.*?)<\/figcaption><\/figure>/.exec(html);
    expect(figure).not.toBeNull();
    const [, img, caption] = figure!;
    expect(img).toContain('alt="Bars rising from left to right"');
    expect(img).toContain('loading="lazy"');
    // Next.js's image configuration is the default outside a build: only the address's form is checked.
    expect(img).toMatch(
      /srcSet="\/_next\/image\/?\?url=%2Fillustrations%2Fbars%2Fsponsorship-spend\.png&amp;w=\d+/,
    );
    expect(img).toContain('sizes="(min-width: 60rem) 56rem, 100vw"');
    expect(img).toMatch(/background-image:url\(&quot;data:image\/svg\+xml;base64,/);
    expect(caption).toContain('Sponsorship spending by year.');
    expect(caption).toContain('Illustration: BoF Studio');
  });

  it('renders a pull quote as a quotation with its attribution', () => {
    expect(html).toMatch(
      /<figure[^>]*><blockquote[^>]*><p>“Sport is the new runway.”<\/p><\/blockquote><figcaption[^>]*>— Élodie Brissac, Maison Tessier<\/figcaption><\/figure>/,
    );
  });

  it('renders ordered and unordered lists', () => {
    expect(html).toMatch(/<ol[^>]*><li>Tennis<\/li><li>Formula 1<\/li><\/ol>/);
    expect(html).toMatch(/<ul[^>]*><li>Hospitality<\/li><li>Kit deals<\/li><\/ul>/);
  });

  it('renders a video as its click-to-load placeholder, and its address for print', () => {
    expect(html).toContain('data-testid="video-placeholder"');
    expect(html).not.toContain('<iframe');
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=aaaaaaaaaaa" data-print-href="https://www.youtube.com/watch?v=aaaaaaaaaaa">The sponsorship deal explained</a>',
    );
  });

  it('renders a related story as a card with its full address for print, and skips a missing one', () => {
    const link = /<aside aria-label="Related story"[^>]*>.*?<a ([^>]*)>Heritage is not a strategy<\/a>/.exec(
      html,
    );
    expect(link?.[1]).toMatch(/href="\/articles\/opinion\/the-related-story\/?"/);
    expect(link?.[1]).toContain('data-print-href="https://bof.example/articles/opinion/the-related-story/"');
    expect(html.match(/aria-label="Related story"/g)).toHaveLength(1);
  });
});
