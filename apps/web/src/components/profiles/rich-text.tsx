/**
 * A profile's rich text (editorial and premium descriptions, project descriptions). The profiles module
 * sanitised it when it was saved, against the allow-list of `rich-text.ts` (no script, no event
 * attributes, links only to public http(s) hosts with rel="nofollow ugc noopener"), so it is trusted
 * here and written as it is.
 */
/** Tailwind's reset takes lists', quotes' and headings' looks away: the allow-list's tags get them back. */
const TAG_STYLES = [
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6',
  '[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-neutral-300 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_h3]:font-sans [&_h3]:text-xl [&_h3]:font-bold [&_h4]:font-sans [&_h4]:text-lg [&_h4]:font-semibold',
  '[&_a]:underline [&_a]:underline-offset-2',
].join(' ');

export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return (
    <div
      className={`profile-rich-text space-y-4 font-serif text-lg leading-relaxed ${TAG_STYLES} ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
