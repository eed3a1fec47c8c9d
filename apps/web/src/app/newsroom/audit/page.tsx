import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { newsroomStaffOr404 } from '../../../server/newsroom/newsroom-staff';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Audit log · Newsroom', robots: { index: false, follow: false } };

/** The newsroom's audit log, newest first: newsroom admins only (404 for anyone else). */
export default async function AuditPage() {
  const { viewer, staff, newsroom } = await newsroomStaffOr404();
  if (staff.role !== 'admin') notFound();
  const entries = await newsroom.auditLog(viewer, 300);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <p className="text-sm">
        <Link className="underline" href="/newsroom/">
          ← Newsroom
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-3xl">Audit log</h1>
      {entries.length === 0 ? (
        <p className="mt-6">Nothing has happened in the newsroom yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-neutral-400">
                <th className="py-2 pr-3">When (UTC)</th>
                <th className="pr-3">Who</th>
                <th className="pr-3">What</th>
                <th className="pr-3">Subject</th>
                <th className="pr-3">Before</th>
                <th>After</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-neutral-200 align-top">
                  <td className="py-1 pr-3 whitespace-nowrap">
                    {e.createdAt.toISOString().slice(0, 19).replace('T', ' ')}
                  </td>
                  <td className="pr-3">{e.name ?? 'Scheduler'}</td>
                  <td className="pr-3">{e.action}</td>
                  <td className="pr-3 font-mono text-xs">{e.subject}</td>
                  <td className="pr-3 font-mono text-xs">{e.before ? JSON.stringify(e.before) : ''}</td>
                  <td className="font-mono text-xs">{e.after ? JSON.stringify(e.after) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
