/** Above a draft shown in preview: says it is not what readers see, and when the public version dates from. */
export function PreviewBanner({ publishedAt, editHref }: { publishedAt: Date | null; editHref: string }) {
  return (
    <div role="status" className="border-b-4 border-accent bg-surface">
      <div className="mx-auto flex max-w-page flex-wrap items-baseline justify-between gap-3 px-gutter py-3">
        <p>
          <strong>Preview — not published.</strong>{' '}
          <span className="text-muted">
            {publishedAt
              ? `Readers see the version published on ${publishedAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}.`
              : 'Readers cannot see this profile until it is published.'}
          </span>
        </p>
        <a href={editHref} className="text-sm font-semibold">
          Back to editing
        </a>
      </div>
    </div>
  );
}
