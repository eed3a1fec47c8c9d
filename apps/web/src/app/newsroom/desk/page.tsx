import type { Metadata } from 'next';
import Link from 'next/link';
import { DESK_KINDS, type DeskKind } from '@bof/api/newsroom';
import { DeskEntryForm } from '../../../components/newsroom/desk-entry-form';
import { newsroomStaffOr404 } from '../../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Desk · Newsroom', robots: { index: false, follow: false } };

const LABELS: Record<DeskKind, { plural: string; one: string; path: (slug: string) => string }> = {
  section: { plural: 'Sections', one: 'section', path: (slug) => `/articles/${slug}/` },
  topic: { plural: 'Topics', one: 'topic', path: (slug) => `/topics/${slug}/` },
  author: { plural: 'Authors', one: 'author', path: (slug) => `/authors/${slug}/` },
  series: { plural: 'Series', one: 'series', path: (slug) => `/series/${slug}/` },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The desk: sections, topics, authors (with portraits) and series. Newsroom admins create and change them;
 * other staff see the lists. Staff only (404 for anyone else).
 */
export default async function DeskPage({ searchParams }: Props) {
  const { viewer, staff, newsroom } = await newsroomStaffOr404();
  const asked = (await searchParams).kind;
  const kind = DESK_KINDS.find((k) => k === asked) ?? 'section';
  const entries = await newsroom.deskEntries(viewer, kind);
  const canEdit = staff.role === 'admin';
  const label = LABELS[kind];

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <p className="text-sm">
        <Link className="underline" href="/newsroom/">
          ← Newsroom
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">Desk</h1>
      <nav aria-label="Desk lists" className="mt-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {DESK_KINDS.map((k) => (
            <li key={k}>
              <Link
                href={`/newsroom/desk/?kind=${k}`}
                aria-current={k === kind ? 'page' : undefined}
                className={`inline-block rounded border px-3 py-1.5 ${k === kind ? 'border-neutral-900 bg-neutral-900 text-white' : 'border-neutral-400'}`}
              >
                {LABELS[k].plural}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {canEdit ? (
        <section aria-labelledby="desk-new" className="mt-6 rounded border border-neutral-300 p-4">
          <h2 id="desk-new" className="font-semibold">
            New {label.one}
          </h2>
          <div className="mt-3">
            <DeskEntryForm key={kind} kind={kind} />
          </div>
        </section>
      ) : (
        <p className="mt-6 text-sm">Only newsroom admins change the desk’s lists.</p>
      )}
      <h2 className="mt-8 text-lg font-semibold">
        {label.plural} ({entries.length})
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3">No {label.plural.toLowerCase()} yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200 border-y border-neutral-200">
          {entries.map((entry) => (
            <li key={entry.slug} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p>
                  <Link className="font-semibold underline" href={label.path(entry.slug)}>
                    {entry.name}
                  </Link>{' '}
                  <span className="text-sm text-neutral-600">
                    {entry.slug} · {entry.stories} {entry.stories === 1 ? 'story' : 'stories'}
                  </span>
                </p>
              </div>
              {entry.title ? <p className="text-sm">{entry.title}</p> : null}
              {canEdit ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm underline">Edit {entry.name}</summary>
                  <div className="mt-3">
                    <DeskEntryForm kind={kind} entry={entry} />
                  </div>
                </details>
              ) : (
                <p className="mt-1 text-sm text-neutral-700">{entry.description}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
