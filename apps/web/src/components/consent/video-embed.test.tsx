import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoEmbed } from './video-embed';

describe('VideoEmbed', () => {
  it('renders the click-to-load placeholder, never the frame, until embeds consent is known', () => {
    const html = renderToStaticMarkup(<VideoEmbed videoId="dQw4w9WgXcQ" title="Runway highlights" />);
    expect(html).toContain('data-testid="video-placeholder"');
    expect(html).toContain('Runway highlights');
    expect(html).toContain('>Load video</button>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube-nocookie.com');
  });

  it('renders nothing for an id that is not an 11-character video id', () => {
    expect(renderToStaticMarkup(<VideoEmbed videoId="not-a-video-id" title="x" />)).toBe('');
  });
});
