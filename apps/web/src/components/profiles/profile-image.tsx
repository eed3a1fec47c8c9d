import { getImageProps } from 'next/image';

/** How wide profile images are shown, for the browser to pick a file from the srcset. */
export const PROFILE_IMAGE_SIZES = {
  cover: '(min-width: 72rem) 72rem, 100vw',
  thumbnail: '8rem',
  card: '4rem',
  asset: '(min-width: 60rem) 56rem, 100vw',
} as const;

const SHAPES = {
  cover: { width: 1600, height: 900, className: 'aspect-video w-full object-cover' },
  asset: { width: 1600, height: 900, className: 'aspect-video w-full object-cover' },
  thumbnail: {
    width: 256,
    height: 256,
    className: 'aspect-square h-24 w-24 rounded-full object-cover sm:h-32 sm:w-32',
  },
  card: { width: 256, height: 256, className: 'aspect-square h-16 w-16 rounded-full object-cover' },
} as const;

/** Whether a profile's image reference is an uploaded photo the site serves (`/media/{id}.webp`). */
export const isUploadedPhoto = (src: string | null | undefined): src is string =>
  typeof src === 'string' && /^\/media\/[0-9a-f-]{36}\.webp$/.test(src);

/**
 * A profile's uploaded photo through the image optimiser (next/image's props, nothing to hydrate), like
 * story photos. An image that lives on another site is not loaded from here (the page's policy allows
 * this site's images only, and the reader's browser would tell that site they came): nothing is shown.
 */
export function ProfileImage({
  src,
  alt,
  shape,
  lead = false,
}: {
  src: string | null;
  alt: string;
  shape: keyof typeof SHAPES;
  lead?: boolean;
}) {
  if (!isUploadedPhoto(src)) return null;
  const { width, height, className } = SHAPES[shape];
  const { props } = getImageProps({
    src,
    alt,
    width,
    height,
    sizes: PROFILE_IMAGE_SIZES[shape],
    ...(lead ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const }),
    className: `block bg-surface ${className}`,
  });
  return <img {...props} alt={alt} />;
}
