import Link from 'next/link';
import type { Story } from '@bof/api/content';
import { accessLabel, formatDate } from './story-meta';

const ROLE_WORDS: Record<string, string> = { AUTHOR: 'By', CONTRIBUTOR: 'With', EDITOR: 'Edited by' };

const roleWords = (role: string) =>
  ROLE_WORDS[role] ?? `${role.charAt(0)}${role.slice(1).toLowerCase().replaceAll('_', ' ')}`;

/**
 * A story's credits and details as a description list: each contributor role with its people, then
 * publication, update, reading time and access, on one line (the terms of the details are for
 * assistive technology; sighted readers see them separated by dots).
 */
export function StoryByline({ story }: { story: Story }) {
  const label = accessLabel(story.access);
  const roles = Object.entries(
    story.authors.reduce<Record<string, Story['authors']>>(
      (acc, a) => ({ ...acc, [a.role]: [...(acc[a.role] ?? []), a] }),
      {},
    ),
  );
  return (
    <dl className="story-byline mt-6 flex flex-wrap gap-y-1 border-t border-rule pt-4 text-sm">
      {roles.map(([role, people]) => (
        <div key={role} className="basis-full">
          <dt className="inline">{roleWords(role)}</dt>{' '}
          <dd className="inline">
            {people.map((a, i) => (
              <span key={a.slug}>
                {i > 0 ? ', ' : ''}
                <Link prefetch={false} href={`/authors/${a.slug}/`} className="font-semibold">
                  {a.name}
                </Link>
              </span>
            ))}
          </dd>
        </div>
      ))}
      <div className="story-detail text-muted">
        <dt className="sr-only">Published</dt>
        <dd>
          <time dateTime={story.publishedAt.toISOString()}>{formatDate(story.publishedAt)}</time>
        </dd>
      </div>
      {story.updatedAt ? (
        <div className="story-detail text-muted">
          <dt className="inline">Updated</dt>{' '}
          <dd className="inline">
            <time dateTime={story.updatedAt.toISOString()}>{formatDate(story.updatedAt)}</time>
          </dd>
        </div>
      ) : null}
      <div className="story-detail text-muted">
        <dt className="sr-only">Reading time</dt>
        <dd>{story.readingMinutes} min read</dd>
      </div>
      {label ? (
        <div className="story-detail text-muted">
          <dt className="sr-only">Access</dt>
          <dd>{label}</dd>
        </div>
      ) : null}
    </dl>
  );
}
