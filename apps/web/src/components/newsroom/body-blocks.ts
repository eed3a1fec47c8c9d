import type { DraftBlock } from '@bof/api/newsroom';

/**
 * The editor's document and the content format's body blocks, both ways. Paragraphs, headings, lists and
 * pull quotes are edited as text; images, videos and related-story links are blocks kept whole (an atom
 * node holding the block). Only plain text crosses: marks are not part of the format.
 */

export interface EditorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: EditorNode[];
  text?: string;
}

/** The node that holds a block the editor does not edit as text. */
export const STORY_BLOCK_NODE = 'storyBlock';

const textNodes = (text: string): EditorNode[] => (text === '' ? [] : [{ type: 'text', text }]);
const paragraph = (text: string): EditorNode => ({ type: 'paragraph', content: textNodes(text) });

/** The plain text of a node: hard breaks become spaces. */
function plainText(node: EditorNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return ' ';
  return (node.content ?? []).map(plainText).join('');
}

export function blocksToDoc(blocks: readonly DraftBlock[]): EditorNode {
  const content = blocks.map((block): EditorNode => {
    switch (block.type) {
      case 'paragraph':
        return paragraph(block.text);
      case 'heading':
        return { type: 'heading', attrs: { level: block.level }, content: textNodes(block.text) };
      case 'list':
        return {
          type: block.ordered ? 'orderedList' : 'bulletList',
          content: block.items.map((item) => ({ type: 'listItem', content: [paragraph(item)] })),
        };
      case 'pullQuote':
        return {
          type: 'blockquote',
          content: [
            paragraph(block.text),
            ...(block.attribution ? [paragraph(`— ${block.attribution}`)] : []),
          ],
        };
      default:
        return { type: STORY_BLOCK_NODE, attrs: { block: JSON.stringify(block) } };
    }
  });
  return { type: 'doc', content: content.length > 0 ? content : [paragraph('')] };
}

/** The body blocks of an editor document. Empty paragraphs are dropped; everything else is kept. */
export function docToBlocks(doc: EditorNode): DraftBlock[] {
  const blocks: DraftBlock[] = [];
  for (const node of doc.content ?? []) {
    switch (node.type) {
      case 'paragraph': {
        const text = plainText(node).trim();
        if (text !== '') blocks.push({ type: 'paragraph', text });
        break;
      }
      case 'heading': {
        const level = node.attrs?.level === 3 ? 3 : 2;
        blocks.push({ type: 'heading', text: plainText(node).trim(), level });
        break;
      }
      case 'bulletList':
      case 'orderedList':
        blocks.push({
          type: 'list',
          ordered: node.type === 'orderedList',
          items: (node.content ?? []).map((item) => plainText(item).trim()).filter((item) => item !== ''),
        });
        break;
      case 'blockquote': {
        const lines = (node.content ?? []).map((child) => plainText(child).trim()).filter(Boolean);
        const last = lines.at(-1) ?? '';
        const attributed = lines.length > 1 && /^[—–-]\s*/.test(last);
        blocks.push({
          type: 'pullQuote',
          text: (attributed ? lines.slice(0, -1) : lines).join(' '),
          attribution: attributed ? last.replace(/^[—–-]\s*/, '') : '',
        });
        break;
      }
      case STORY_BLOCK_NODE: {
        try {
          blocks.push(JSON.parse(String(node.attrs?.block)) as DraftBlock);
        } catch {
          // A damaged block is dropped rather than saved half-read.
        }
        break;
      }
      default: {
        const text = plainText(node).trim();
        if (text !== '') blocks.push({ type: 'paragraph', text });
      }
    }
  }
  return blocks;
}
