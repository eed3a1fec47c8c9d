import { createElement as h } from 'react';
import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
  render,
} from '@react-email/components';

/** What an edition's e-mail shows: only public texts (headline, standfirst), never a story's body. */
export interface EditionBody {
  subject: string;
  title: string;
  /** The editors' introduction (the daily brief's), shown above the stories. */
  intro?: string;
  stories: { headline: string; standfirst: string; url: string; gated?: boolean }[];
}

/** The rendered edition, the same for every reader but for the unsubscribe link. */
export interface RenderedEdition {
  html: string;
  text: string;
}

/**
 * Stands for the reader's unsubscribe link in the rendered edition; only URL-safe characters, so it is the
 * same in the HTML (attribute and text) and the plain text, and a reader's link replaces it.
 */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/UNSUBSCRIBE_LINK';

const font = 'Georgia, "Times New Roman", serif';
const styles = {
  body: { margin: '0', padding: '0', backgroundColor: '#ffffff', fontFamily: font, color: '#111111' },
  container: { width: '100%', maxWidth: '600px', margin: '0 auto', padding: '16px' },
  title: { fontSize: '26px', lineHeight: '32px', margin: '0 0 12px' },
  intro: { fontSize: '16px', lineHeight: '24px', margin: '0 0 8px' },
  headline: { fontSize: '19px', lineHeight: '25px', margin: '20px 0 4px' },
  headlineLink: { color: '#111111', textDecoration: 'none' },
  standfirst: { fontSize: '15px', lineHeight: '22px', margin: '0', color: '#333333' },
  label: { fontSize: '12px', lineHeight: '16px', margin: '4px 0 0', color: '#666666' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#666666' },
  footerLink: { color: '#666666', textDecoration: 'underline' },
} as const;

function EditionEmail({ body, siteName }: { body: EditionBody; siteName: string }) {
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(
      Head,
      null,
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, body.subject),
    ),
    h(Preview, null, body.intro || body.stories[0]?.standfirst || body.title),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.title }, body.title),
        body.intro ? h(Text, { style: styles.intro }, body.intro) : null,
        ...body.stories.map((story) =>
          h(
            Section,
            { key: story.url },
            h(
              Heading,
              { as: 'h2', style: styles.headline },
              h(Link, { href: story.url, style: styles.headlineLink }, story.headline),
            ),
            h(Text, { style: styles.standfirst }, story.standfirst),
            story.gated ? h(Text, { style: styles.label }, 'For members') : null,
          ),
        ),
        h(Hr, null),
        h(
          Text,
          { style: styles.footer },
          `You receive ${body.title} from ${siteName}. `,
          h(Link, { href: UNSUBSCRIBE_PLACEHOLDER, style: styles.footerLink }, 'Unsubscribe'),
        ),
      ),
    ),
  );
}

/** Renders an edition once (responsive HTML and plain text); `personalise` puts in a reader's link. */
export async function renderEdition(body: EditionBody, siteName: string): Promise<RenderedEdition> {
  const element = h(EditionEmail, { body, siteName });
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        wordwrap: false,
        // Headlines as written, not in capitals.
        selectors: [
          { selector: 'h1', options: { uppercase: false } },
          { selector: 'h2', options: { uppercase: false } },
        ],
      },
    }),
  ]);
  return { html, text };
}

/** The rendered edition with this reader's unsubscribe link (URL-encoded, so nothing needs escaping). */
export function personalise(rendered: RenderedEdition, unsubscribeUrl: string): RenderedEdition {
  if (/[<>"'&\s]/.test(unsubscribeUrl)) throw new Error('unsubscribe link must be URL-encoded');
  return {
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
