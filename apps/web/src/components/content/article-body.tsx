import Link from 'next/link';
import { storyPath, type BodyBlock, type StoryCard } from '@bof/api/content';
import { VideoEmbed } from '../consent/video-embed';
import { Illustration, ILLUSTRATION_SIZES } from './illustration';

/**
 * The body of a story: renders exactly the blocks it is given, in order. The page decides which
 * blocks those are (only the part the reader may read), so nothing outside this list reaches the HTML.
 * `related` holds the cards the related blocks name; `origin` (the site's) makes the addresses a
 * print-out shows beside its links.
 */
export function ArticleBody({
  blocks,
  related,
  origin,
}: {
  blocks: readonly BodyBlock[];
  related: readonly StoryCard[];
  origin: string;
}) {
  const cards = new Map(related.map((card) => [card.slug, card]));
  return (
    <div className="article-body space-y-6 font-serif text-lg leading-relaxed" data-testid="article-body">
      {blocks.map((block, index) => {
        switch (block.type) {
          case 'paragraph':
            return <p key={index}>{block.text}</p>;
          case 'heading':
            return block.level === 2 ? (
              <h2 key={index} className="pt-4 font-serif text-2xl font-bold leading-snug">
                {block.text}
              </h2>
            ) : (
              <h3 key={index} className="pt-2 font-serif text-xl font-semibold leading-snug">
                {block.text}
              </h3>
            );
          case 'image':
            return (
              <figure key={index} className="my-8 break-inside-avoid">
                <Illustration
                  art={block.art}
                  photo={block.photo}
                  alt={block.alt}
                  sizes={ILLUSTRATION_SIZES.hero}
                />
                <figcaption className="mt-2 font-sans text-sm text-muted">
                  {block.caption} <span className="text-xs">{block.credit}</span>
                </figcaption>
              </figure>
            );
          case 'pullQuote':
            return (
              <figure key={index} className="my-8 break-inside-avoid border-l-4 border-accent pl-5">
                <blockquote className="font-serif-italic text-2xl font-semibold italic leading-snug">
                  <p>“{block.text}”</p>
                </blockquote>
                <figcaption className="mt-3 font-sans text-sm text-muted">— {block.attribution}</figcaption>
              </figure>
            );
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={index} className={`space-y-2 pl-6 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
                {block.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </List>
            );
          }
          case 'youtube': {
            const watch = `https://www.youtube.com/watch?v=${block.videoId}`;
            return (
              <div key={index} className="my-8 font-sans">
                <div className="print:hidden">
                  <VideoEmbed videoId={block.videoId} title={block.title} />
                </div>
                <p className="hidden print:block">
                  Video:{' '}
                  <a href={watch} data-print-href={watch}>
                    {block.title}
                  </a>
                </p>
              </div>
            );
          }
          case 'related': {
            const card = cards.get(block.slug);
            if (!card) return null;
            return (
              <aside
                key={index}
                aria-label="Related story"
                className="my-8 break-inside-avoid border-y border-rule py-4 font-sans"
              >
                <p className="text-xs font-semibold uppercase tracking-wide text-accent">Related</p>
                <p className="mt-1 font-serif text-xl font-bold leading-snug">
                  <Link
                    prefetch={false}
                    href={storyPath(card)}
                    data-print-href={`${origin}${storyPath(card)}`}
                  >
                    {card.headline}
                  </Link>
                </p>
                <p className="mt-1 text-sm text-muted">{card.standfirst}</p>
              </aside>
            );
          }
        }
      })}
    </div>
  );
}
