/** Where embedded videos play from (the privacy-enhanced player); the Content-Security-Policy frames it. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';
