import { describe, expect, it } from 'vitest';
import type { DraftBlock } from '@bof/api/newsroom';
import { blocksToDoc, docToBlocks } from './body-blocks';

describe('the editor document and body blocks', () => {
  it('round-trips every block type', () => {
    const blocks: DraftBlock[] = [
      { type: 'paragraph', text: 'One.' },
      { type: 'heading', text: 'Two', level: 3 },
      { type: 'list', ordered: true, items: ['a', 'b'] },
      { type: 'pullQuote', text: 'Quoted.', attribution: 'Name, Title' },
      {
        type: 'image',
        art: { motif: 'grid', seed: 's' },
        photo: null,
        alt: 'Alt',
        caption: 'C',
        credit: 'Cr',
      },
      { type: 'youtube', videoId: 'aaaaaaaaaaa', title: 'Video' },
      { type: 'related', slug: 'another-story' },
    ];
    expect(docToBlocks(blocksToDoc(blocks))).toEqual(blocks);
  });

  it('keeps plain text only: marks and hard breaks do not reach the format, empty paragraphs are dropped', () => {
    const doc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Bold', marks: [{ type: 'bold' }] },
            { type: 'hardBreak' },
            { type: 'text', text: 'line' },
          ],
        },
        { type: 'paragraph', content: [] },
        { type: 'storyBlock', attrs: { block: '{broken' } },
      ],
    };
    expect(docToBlocks(doc)).toEqual([{ type: 'paragraph', text: 'Bold line' }]);
  });
});
