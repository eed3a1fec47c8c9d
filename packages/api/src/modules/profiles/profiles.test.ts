import { describe, expect, it } from 'vitest';
import { demoOrganisations, demoPeople } from './demo-profiles';
import { isPublicWebUrl, youtubeVideoId } from './profile-links';
import { projectFieldsSchema } from './profiles.inputs';
import { sanitizePlainText, sanitizeRichText } from './rich-text';

describe('profile links (spec §5 URL pattern)', () => {
  it.each([
    ['https://www.example.com', true],
    ['http://example.co.uk/path?q=1#x', true],
    ['https://shop.example.fashion/a/b', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['https://localhost/', false],
    ['http://127.0.0.1/', false],
    ['http://[::1]/', false],
    ['http://10.0.0.8/', false],
    ['http://printer.local/', false],
    ['http://db.internal/', false],
    ['http://10.0.0.1.nip.io/', false],
    ['https://user:secret@example.com/', false],
    ['https://example', false],
    ['//example.com/', false],
    ['https://example.com/ with space', false],
  ])('%s → %s', (url, expected) => {
    expect(isPublicWebUrl(url)).toBe(expected);
  });
});

describe('video links (spec §5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/v/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://vimeo.com/123456789', null],
    ['https://youtu.be.evil.example.com/dQw4w9WgXcQ', null],
    ['javascript://youtu.be/dQw4w9WgXcQ', null],
  ])('%s → %s', (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });

  it('stores a YouTube asset as its watch link, and refuses an image asset that is not one', () => {
    const parsed = projectFieldsSchema.parse({
      slug: 'film',
      title: 'Film',
      assets: [{ type: 'YOUTUBE', url: 'https://youtu.be/dQw4w9WgXcQ' }],
    });
    expect(parsed.assets[0]!.url).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const refused = projectFieldsSchema.safeParse({
      slug: 'film',
      title: 'Film',
      assets: [{ type: 'IMAGE', url: 'http://169.254.169.254.nip.io/x.png' }],
    });
    expect(refused.success).toBe(false);
  });
});

describe('sanitising text', () => {
  it('keeps the allow-list of rich text and makes links safe', () => {
    expect(
      sanitizeRichText(
        '<h2>T</h2><p style="x" onclick="y">a <strong>b</strong> <a href="https://ok.example.com" target="_blank">c</a></p>' +
          '<a href="javascript:alert(1)">d</a><a href="http://127.0.0.1/">e</a><script>alert(1)</script><svg onload=x>',
      ),
    ).toBe(
      'T<p>a <strong>b</strong> <a href="https://ok.example.com" rel="nofollow ugc noopener">c</a></p>de',
    );
  });

  it('leaves plain text without markup, with its characters', () => {
    expect(
      sanitizePlainText('H&M <b>and</b> Marks & Spencer<script>x()</script> <img src=x onerror=y>'),
    ).toBe('H&M and Marks & Spencer');
    expect(sanitizePlainText('a &lt;script&gt; b')).toBe('a script b');
  });
});

describe('the demo set', () => {
  it('is the same on every run, with unique slugs and careers at its own organisations', () => {
    expect(demoPeople()).toEqual(demoPeople());
    const people = demoPeople();
    const organisations = demoOrganisations(['a-story']);
    expect(people).toHaveLength(500);
    expect(organisations.length).toBeGreaterThanOrEqual(60);
    expect(new Set(people.map((p) => p.doc.slug)).size).toBe(people.length);
    expect(new Set(organisations.map((o) => o.doc.slug)).size).toBe(organisations.length);
    const ids = new Set(organisations.map((o) => o.id));
    for (const person of people) {
      expect(person.bof500.length).toBeGreaterThan(0);
      for (const career of person.doc.careers) expect(ids.has(career.organisationId!)).toBe(true);
    }
  });
});
