import Link from 'next/link';

/** Previous / next links between the pages of a list; `?page=N`, page 1 without the query. */
export function Pagination({
  basePath,
  page,
  pageCount,
}: {
  basePath: string;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const href = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <nav
      aria-label="Pages"
      className="mt-12 flex items-center justify-between border-t border-rule pt-6 text-sm"
    >
      {page > 1 ? (
        <Link prefetch={false} href={href(page - 1)} rel="prev" className="font-medium">
          ← Newer stories
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted" aria-current="page">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link prefetch={false} href={href(page + 1)} rel="next" className="font-medium">
          Older stories →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
