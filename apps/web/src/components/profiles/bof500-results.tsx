import Link from 'next/link';
import type { Bof500Row } from './bof500-row';

/** BoF 500 places as a list: name (their page), role, year, category and country. */
export function Bof500Results({
  rows,
  categoryTitle,
  countryTitle,
}: {
  rows: readonly Bof500Row[];
  categoryTitle: (key: string) => string;
  countryTitle: (code: string) => string;
}) {
  return (
    <ul className="grid gap-x-8 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((row) => (
        <li key={row.key} className="relative border-b border-rule py-3">
          <p className="font-serif text-lg font-bold leading-tight">
            <Link
              prefetch={false}
              href={`/people/${row.slug}/`}
              className="no-underline after:absolute after:inset-0 hover:underline"
            >
              {row.name}
            </Link>
          </p>
          {row.title ? <p className="text-sm">{row.title}</p> : null}
          <p className="text-xs text-muted">
            BoF 500 {row.year} · {categoryTitle(row.category)}
            {row.country ? ` · ${countryTitle(row.country)}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
