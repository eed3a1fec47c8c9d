import { describe, expect, it } from 'vitest';
import { type EditionBody, UNSUBSCRIBE_PLACEHOLDER, personalise, renderEdition } from './newsletter-email';

const body: EditionBody = {
  subject: 'The Daily Brief: Prices rise',
  title: 'The Daily Brief',
  intro: 'Good morning: three things <today> & more.',
  stories: [
    {
      headline: 'Prices rise',
      standfirst: 'Luxury houses raise prices again.',
      url: 'https://site.example/articles/prices-rise/',
    },
    {
      headline: 'Inside the "deal"',
      standfirst: 'The public standfirst of a members-only story.',
      url: 'https://site.example/articles/inside-the-deal/?from=brief&x=1',
      gated: true,
    },
  ],
};
const UNSUBSCRIBE = 'https://site.example/newsletters/unsubscribe/?token=cmVhZGVyLTE.daily-brief.c2ln';

describe('an edition e-mail', () => {
  it('is responsive HTML with every story linked, its texts escaped, and the reader’s unsubscribe link', async () => {
    const { html } = personalise(await renderEdition(body, 'The Site'), UNSUBSCRIBE);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('href="https://site.example/articles/prices-rise/"');
    expect(html).toContain('href="https://site.example/articles/inside-the-deal/?from=brief&amp;x=1"');
    expect(html).toContain('Inside the &quot;deal&quot;');
    expect(html).toContain('three things &lt;today&gt; &amp; more.');
    expect(html).not.toContain('<today>');
    expect(html).toContain(`href="${UNSUBSCRIBE}"`);
    expect(html).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
    expect(html).not.toMatch(/<script/i);
  });

  it('has a plain-text part with the same stories, links and unsubscribe link', async () => {
    const { text } = personalise(await renderEdition(body, 'The Site'), UNSUBSCRIBE);
    expect(text).not.toMatch(/<(p|a|h[12]|table|td)\b/i);
    expect(text).toContain('Good morning: three things <today> & more.');
    for (const story of body.stories) {
      expect(text).toContain(story.headline);
      expect(text).toContain(story.standfirst);
      expect(text).toContain(story.url);
    }
    expect(text).toContain(UNSUBSCRIBE);
    expect(text).not.toContain(UNSUBSCRIBE_PLACEHOLDER);
  });

  it('shows a gated story by its public standfirst only, marked for members', async () => {
    const { html, text } = await renderEdition(body, 'The Site');
    expect(html).toContain('The public standfirst of a members-only story.');
    expect(html.match(/For members/g)).toHaveLength(1);
    expect(text).toContain('For members');
  });

  it('refuses an unsubscribe link that is not URL-encoded', async () => {
    const rendered = await renderEdition(body, 'The Site');
    expect(() => personalise(rendered, 'https://x/"><script>')).toThrow();
  });
});
