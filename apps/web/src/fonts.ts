import localFont from 'next/font/local';

// Served from our own origin (no font CDN is reachable, and none is needed).
export const sans = localFont({
  src: '../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  display: 'swap',
  variable: '--font-sans',
});

export const serif = localFont({
  src: '../../../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
  style: 'normal',
  weight: '200 900',
  display: 'swap',
  variable: '--font-serif',
});

// Only pull quotes are set in italic, below the fold: the face loads when one is shown, not up front.
export const serifItalic = localFont({
  src: '../../../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2',
  style: 'italic',
  weight: '200 900',
  display: 'swap',
  preload: false,
  variable: '--font-serif-italic',
});
