import sanitizeHtml from 'sanitize-html';
import { isPublicWebUrl } from './profile-links';

/** Links in profile text are user content: search engines must not follow them, nor pages reach back. */
export const PROFILE_LINK_REL = 'nofollow ugc noopener';

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that fails §5's URL pattern (javascript:, data:, a private host) keeps its text, not its target.
    a: (_tagName, attribs) =>
      attribs.href && isPublicWebUrl(attribs.href)
        ? { tagName: 'a', attribs: { href: attribs.href, rel: PROFILE_LINK_REL } }
        : { tagName: 'span', attribs: {} as sanitizeHtml.Attributes },
  },
};

const PLAIN_TEXT: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * A rich text field (descriptions) as it may be stored: the allow-list's tags only, links to public
 * http(s) hosts only with rel "nofollow ugc noopener", scripts and their content removed.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/**
 * A plain text field (names, titles, summaries) as it may be stored: markup and scripts removed, entities
 * read back as the characters they stand for, and no angle brackets left to be mistaken for markup.
 */
export function sanitizePlainText(text: string): string {
  return sanitizeHtml(text, PLAIN_TEXT)
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
