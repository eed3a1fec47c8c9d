import Link from 'next/link';
import type { LinkedProfile } from '../../server/profiles/profile-page-data';

/** A linked profile's name: a link to its page when it may be linked, else the name alone. */
export function LinkedName({ profile, fallback }: { profile: LinkedProfile | undefined; fallback?: string }) {
  if (!profile) return fallback ? <>{fallback}</> : null;
  return profile.href ? (
    <Link prefetch={false} href={profile.href}>
      {profile.name}
    </Link>
  ) : (
    <>{profile.name}</>
  );
}
