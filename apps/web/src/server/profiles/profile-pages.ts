import { notFound } from 'next/navigation';
import { hasErrorCode } from '@bof/api/errors';
import type { ProfilesModule } from '@bof/api/profiles';
import { runningServices } from '@bof/api/running-services';

/** The profiles module of the running product. */
export async function profiles(): Promise<ProfilesModule> {
  return (await runningServices()).profiles;
}

/** Awaits a profile read; ProfileNotFoundError (unknown, unpublished or someone else's draft) is the 404 page. */
export async function profileOr404<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (hasErrorCode(error, 'profile_not_found')) notFound();
    throw error;
  }
}

/** As profileOr404 for `generateMetadata`, which must not answer 404 itself: not found is undefined. */
export async function profileOrUndefined<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (hasErrorCode(error, 'profile_not_found')) return undefined;
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A profile id from the query string, or null when it cannot be one (the page then answers 404). */
export function profileIdParam(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}
