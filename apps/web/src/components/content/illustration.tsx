import { getImageProps } from 'next/image';
import { preload } from 'react-dom';
import { illustrationPath, type Art } from '@bof/api/content';
import { ILLUSTRATION_FILE_SIZE, illustrationPlaceholder } from '@bof/api/content-illustration-svg';

/** How wide the image is shown, for the browser to pick a file from the srcset (see next.config). */
export const ILLUSTRATION_SIZES = {
  /** A story's hero and body images: the reading column's width, at most 56 rem. */
  hero: '(min-width: 60rem) 56rem, 100vw',
  /** The front page's top story: two thirds of the page on wide screens. */
  lead: '(min-width: 64rem) 48rem, 100vw',
  /** A card in a grid of three or four. */
  card: '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw',
} as const;

/**
 * A story's illustration as an image: the PNG file of its art, resized and converted by the Next.js
 * image optimiser (next/image's props, without its client component: nothing to hydrate), with the
 * drawing's background colour shown while it loads. With `alt` it is an image with that text; without,
 * decorative (empty alt). An uploaded photo takes the drawing's place. `preload` is for the one image that leads the page: it is fetched early, at
 * high priority; every other image loads lazily.
 */
export function Illustration({
  art,
  photo,
  alt = '',
  sizes,
  preload: lead = false,
  className = '',
}: {
  art: Art;
  /** An uploaded photo (the media pipeline's id) shown instead of the drawing, cropped to the same frame. */
  photo?: string | null;
  alt?: string;
  sizes: string;
  preload?: boolean;
  className?: string;
}) {
  const { props } = getImageProps({
    src: photo ? `/media/${photo}.webp` : illustrationPath(art),
    alt,
    width: ILLUSTRATION_FILE_SIZE.width,
    height: ILLUSTRATION_FILE_SIZE.height,
    sizes,
    placeholder: photo ? 'empty' : illustrationPlaceholder(art),
    ...(lead ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const }),
    className: `block h-auto w-full bg-surface ${photo ? 'aspect-video object-cover' : ''} ${className}`,
  });
  if (lead)
    preload(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: 'high',
    });
  return <img {...props} alt={alt} />;
}
