import type { Metadata } from 'next';
import Link from 'next/link';
import { NewStoryForm } from '../../components/newsroom/new-story-form';
import { newsroomStaffOr404 } from '../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Newsroom', robots: { index: false, follow: false } };

const STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
type Status = (typeof STATUSES)[number];

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The newsroom's story list: by status, with search and a section filter. Staff only (404 for others). */
export default async function NewsroomPage({ searchParams }: Props) {
  const { viewer, staff, newsroom } = await newsroomStaffOr404();
  const params = await searchParams;
  const status = STATUSES.find((s) => s === one(params.status)) ?? null;
  const query = (one(params.q) ?? '').slice(0, 200).trim();
  const taxonomy = await newsroom.taxonomy(viewer);
  const section = taxonomy.sections.find((s) => s.slug === one(params.section))?.slug ?? null;
  const stories = await newsroom.listStories(viewer, { status, query: query || undefined, section });
  const counts = new Map<Status, number>();
  for (const s of stories) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-serif text-3xl">Newsroom</h1>
        <p className="text-sm">
          Signed in as {staff.name} ({staff.role}){' · '}
          <Link className="underline" href="/newsroom/daily-brief/">
            Daily brief
          </Link>
          {' · '}
          <Link className="underline" href="/newsroom/desk/">
            Desk
          </Link>
          {staff.role !== 'writer' ? (
            <>
              {' · '}
              <Link className="underline" href="/newsroom/front/">
                Front page
              </Link>
            </>
          ) : null}
          {staff.role === 'admin' ? (
            <>
              {' · '}
              <Link className="underline" href="/newsroom/approvals/">
                Approvals
              </Link>
              {' · '}
              <Link className="underline" href="/newsroom/audit/">
                Audit log
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <NewStoryForm />
      <form className="mt-6 flex flex-wrap items-end gap-3" method="get" role="search">
        <label className="text-sm">
          Search
          <input
            name="q"
            defaultValue={query}
            className="mt-1 block rounded border border-neutral-400 px-2 py-1.5"
          />
        </label>
        <label className="text-sm">
          Status
          <select
            name="status"
            defaultValue={status ?? ''}
            className="mt-1 block rounded border border-neutral-400 px-2 py-1.5"
          >
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Section
          <select
            name="section"
            defaultValue={section ?? ''}
            className="mt-1 block rounded border border-neutral-400 px-2 py-1.5"
          >
            <option value="">Any</option>
            {taxonomy.sections.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded bg-neutral-900 px-3 py-1.5 text-sm font-semibold text-white">
          Filter
        </button>
      </form>
      {stories.length === 0 ? (
        <p className="mt-8">No stories match. Start one above.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-neutral-400">
              <th className="py-2">Headline</th>
              <th>Status</th>
              <th className="hidden sm:table-cell">Section</th>
              <th className="hidden sm:table-cell">Changed</th>
            </tr>
          </thead>
          <tbody>
            {stories.map((s) => (
              <tr key={s.id} className="border-b border-neutral-200">
                <td className="py-2 pr-2">
                  <Link className="underline" href={`/newsroom/stories/${s.id}/`}>
                    {s.headline || s.slug}
                  </Link>
                </td>
                <td>
                  {s.status}
                  {s.status === 'scheduled' && s.publishAt
                    ? ` · ${s.publishAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`
                    : ''}
                </td>
                <td className="hidden sm:table-cell">{s.sectionSlug ?? '—'}</td>
                <td className="hidden sm:table-cell">
                  {s.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
