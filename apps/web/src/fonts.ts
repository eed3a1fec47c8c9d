import localFont from 'next/font/local';

// Served from our own origin (no font CDN is reachable, and none is needed).
//
// The interface uses the reader's system font (globals.css --font-ui): one download less before the
// first paint. The serif the page opens with is preloaded with `font-display: optional`: the browser holds the
// first paint for a preloaded optional font only until its short block period ends (about 100 ms),
// then paints with whichever face it has and never swaps on that page. So text never moves when a
// font arrives (no layout shift: a swap reflows headlines even with a metric-adjusted fallback, whose
// local() faces most Android and Linux phones do not have), and a slow network costs at most that
// block period; the font is cached for the next page. The fallbacks are still metric-adjusted, for the
// systems that have them.
export const serif = localFont({
  src: '../../../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2',
  style: 'normal',
  weight: '200 900',
  display: 'optional',
  adjustFontFallback: 'Times New Roman',
  variable: '--font-serif',
});

// Only pull quotes are set in italic, below the fold: not preloaded, and swapped in when it arrives
// (nothing above the fold moves).
export const serifItalic = localFont({
  src: '../../../node_modules/@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-italic.woff2',
  style: 'italic',
  weight: '200 900',
  display: 'swap',
  preload: false,
  adjustFontFallback: 'Times New Roman',
  variable: '--font-serif-italic',
});
