import type { ReactNode } from 'react';

/** The heading block of a list page (section, topic, author, series, case studies). */
export function ListHeader({
  kicker,
  title,
  children,
  feed,
}: {
  kicker: string;
  title: string;
  children?: ReactNode;
  feed?: { href: string; label: string };
}) {
  return (
    <header className="mb-10 border-b border-rule pb-8">
      <p className="text-xs font-semibold uppercase tracking-wide text-accent">{kicker}</p>
      <h1 className="mt-2 font-serif text-4xl font-bold leading-tight">{title}</h1>
      {children ? <div className="mt-4 max-w-measure text-lg text-muted">{children}</div> : null}
      {feed ? (
        <p className="mt-4 text-sm">
          <a href={feed.href} type="application/rss+xml">
            {feed.label}
          </a>
        </p>
      ) : null}
    </header>
  );
}
