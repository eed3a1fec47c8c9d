import Link from 'next/link';

/** Previous / next links between a filtered directory's pages; `href(n)` keeps the filters. */
export function DirectoryPagination({
  page,
  hasNext,
  href,
}: {
  page: number;
  hasNext: boolean;
  href: (page: number) => string;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav
      aria-label="Pages"
      className="mt-10 flex items-center justify-between border-t border-rule pt-6 text-sm"
    >
      {page > 1 ? (
        <Link prefetch={false} href={href(page - 1)} rel="prev" className="font-medium">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted" aria-current="page">
        Page {page}
      </span>
      {hasNext ? (
        <Link prefetch={false} href={href(page + 1)} rel="next" className="font-medium">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
