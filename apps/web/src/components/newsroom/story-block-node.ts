import { mergeAttributes, Node } from '@tiptap/react';
import { STORY_BLOCK_NODE } from './body-blocks';

/** Describes a kept block for the editor (the block itself is edited through its own form). */
function label(json: string): string {
  try {
    const block = JSON.parse(json) as {
      type: string;
      alt?: string;
      title?: string;
      slug?: string;
      photo?: string;
    };
    if (block.type === 'image') return `Image: ${block.alt || '(no alt text yet)'}`;
    if (block.type === 'youtube') return `Video: ${block.title ?? ''}`;
    if (block.type === 'related') return `Related story: ${block.slug ?? ''}`;
    return block.type;
  } catch {
    return 'Block';
  }
}

/** An atom node holding a body block the editor keeps whole: images, videos, related stories. */
export const StoryBlockNode = Node.create({
  name: STORY_BLOCK_NODE,
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return { block: { default: '{}' } };
  },
  parseHTML() {
    return [
      { tag: 'div[data-story-block]', getAttrs: (el) => ({ block: el.getAttribute('data-story-block') }) },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    const json = String(HTMLAttributes.block ?? '{}');
    return [
      'div',
      mergeAttributes({
        'data-story-block': json,
        class: 'my-3 rounded border border-dashed border-neutral-400 px-3 py-2 text-sm text-neutral-700',
      }),
      label(json),
    ];
  },
});
