import Link from 'next/link';
import type { ProfileBadge } from '@bof/api/profile-types';
import { labelOf } from '../../server/profiles/reference-labels';

/** A person's places in collections: "BoF 500 · 2024 · Creatives", each leading to that year's index. */
export function ProfileBadges({
  badges,
  compact = false,
}: {
  badges: readonly ProfileBadge[];
  compact?: boolean;
}) {
  if (badges.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${compact ? 'text-xs' : 'text-sm'}`} aria-label="Badges">
      {badges.map((badge) => (
        <li key={`${badge.collection}-${badge.year}-${badge.category}`}>
          <BadgeLabel badge={badge} link={!compact} />
        </li>
      ))}
    </ul>
  );
}

function BadgeLabel({ badge, link }: { badge: ProfileBadge; link: boolean }) {
  const category = labelOf('personProfileCategories', badge.category);
  const text = (
    <>
      <span className="font-semibold">{badge.collectionTitle}</span> {badge.year} · {category}
    </>
  );
  const className = 'inline-block rounded-full border border-ink px-3 py-1 no-underline';
  return link && badge.collection === 'bof-500' ? (
    <Link
      prefetch={false}
      href={`/bof500/?year=${badge.year}&category=${encodeURIComponent(badge.category)}`}
      className={`${className} hover:bg-surface`}
    >
      {text}
    </Link>
  ) : (
    <span className={className}>{text}</span>
  );
}
