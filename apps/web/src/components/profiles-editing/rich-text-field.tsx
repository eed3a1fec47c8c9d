'use client';

import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import type { FieldMessages } from '../../client/profiles/profile-field-errors';
import { buttonClass, errorId, FieldError } from './form-parts';

/**
 * A rich text field (a biography, a description) on Tiptap, limited to what the server's allow-list keeps:
 * paragraphs, bold, italic, lists, quotes and two heading levels. Its value is HTML; the server sanitises
 * it again whatever the browser sends.
 */
export function RichTextField({
  label,
  name,
  value,
  onChange,
  errors,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (html: string) => void;
  errors: FieldMessages;
}) {
  const id = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
      }),
    ],
    content: value,
    immediatelyRender: false,
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'prose min-h-40 max-w-none rounded border border-neutral-500 px-3 py-2 focus:outline-2',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(errors[name] ? { 'aria-describedby': errorId(name), 'aria-invalid': 'true' } : {}),
        'data-testid': `rich-${name}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  const tool = (text: string, run: () => void, active: boolean) => (
    <button type="button" className={buttonClass} aria-pressed={active} onClick={run}>
      {text}
    </button>
  );

  return (
    <div className="mt-4">
      <p className="font-semibold" id={`${id}-label`}>
        {label}
      </p>
      <div className="mb-2 mt-1 flex flex-wrap gap-2" role="toolbar" aria-label={`${label} formatting`}>
        {tool('Bold', () => editor?.chain().focus().toggleBold().run(), !!editor?.isActive('bold'))}
        {tool('Italic', () => editor?.chain().focus().toggleItalic().run(), !!editor?.isActive('italic'))}
        {tool(
          'Heading',
          () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
          !!editor?.isActive('heading', { level: 3 }),
        )}
        {tool(
          'List',
          () => editor?.chain().focus().toggleBulletList().run(),
          !!editor?.isActive('bulletList'),
        )}
        {tool(
          'Numbered list',
          () => editor?.chain().focus().toggleOrderedList().run(),
          !!editor?.isActive('orderedList'),
        )}
        {tool(
          'Quote',
          () => editor?.chain().focus().toggleBlockquote().run(),
          !!editor?.isActive('blockquote'),
        )}
      </div>
      <EditorContent editor={editor} />
      <FieldError errors={errors} name={name} />
    </div>
  );
}
