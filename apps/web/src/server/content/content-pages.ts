import { notFound } from 'next/navigation';
import { cache } from 'react';
import type { ContentService } from '@bof/api/content';
import { hasErrorCode } from '@bof/api/errors';
import { runningServices } from '@bof/api/running-services';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The content service of the running product. */
export async function content(): Promise<ContentService> {
  return (await runningServices()).content;
}

/**
 * A story by slug, read once per request: a story page's metadata and the page itself share the read
 * (React's request cache). A missing story rejects with the service's ContentNotFoundError.
 */
export const storyBySlug = cache(async (slug: string) => (await content()).story(slug));

/** A slug from the URL, or the 404 page when it cannot be one. */
export function slugOr404(value: string): string {
  if (value.length > 120 || !SLUG.test(value)) notFound();
  return value;
}

/** The `page` query of a list: a whole number from 1, or the 404 page. */
export function pageOr404(params: Record<string, string | string[] | undefined>): number {
  const raw = params.page;
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,4}$/.test(raw)) notFound();
  return Number(raw);
}

/** Awaits a content read; a ContentNotFoundError becomes the 404 page. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (hasErrorCode(error, 'content_not_found')) notFound();
    throw error;
  }
}

/**
 * Awaits a content read for `generateMetadata`; not found gives undefined. The page itself answers
 * 404: browsers get metadata streamed after the page has started, too late to change the status.
 */
export async function orUndefined<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (hasErrorCode(error, 'content_not_found')) return undefined;
    throw error;
  }
}

/** A valid slug, or undefined (for metadata, which must not answer 404 itself). */
export function slugOrUndefined(value: string): string | undefined {
  return value.length <= 120 && SLUG.test(value) ? value : undefined;
}

/** A page past the last one is a 404, except page 1 of an empty list. */
export function checkPage(list: { page: number; pageCount: number }): void {
  if (list.page > list.pageCount) notFound();
}
