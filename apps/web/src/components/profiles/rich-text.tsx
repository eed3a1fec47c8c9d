/**
 * A profile's rich text (editorial and premium descriptions, project descriptions). The profiles module
 * sanitised it when it was saved, against the allow-list of `rich-text.ts` (no script, no event
 * attributes, links only to public http(s) hosts with rel="nofollow ugc noopener"), so it is trusted
 * here and written as it is.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return (
    <div
      className={`profile-rich-text space-y-4 font-serif text-lg leading-relaxed ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
