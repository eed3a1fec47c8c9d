import type { ReferenceListName } from '@bof/api/reference-lists';
import { isKeyOf } from './reference-labels';

type SearchParams = Record<string, string | string[] | undefined>;

/** A directory filter: its query parameter, the reference list its values come from, and its label. */
export interface DirectoryField {
  param: string;
  list: ReferenceListName;
  label: string;
}

/** A directory's query, read: the name typed, each filter's key (null: any), the page, and what was refused. */
export interface DirectoryQuery {
  name: string;
  values: Record<string, string | null>;
  page: number;
  /** What the reader is told about values that were ignored (not in the list, or malformed). */
  problems: string[];
}

export const NAME_MAX = 100;

/**
 * Reads a directory's GET form. A filter value that is not a key of its list is ignored, and said so:
 * the reader still gets a directory, never an error page. The page is a whole number from 1; anything
 * else is null (the page answers 404, as list pages do).
 */
export function readDirectoryQuery(
  params: SearchParams,
  fields: readonly DirectoryField[],
): DirectoryQuery | null {
  const single = (key: string) => {
    const value = params[key];
    return typeof value === 'string' ? value : Array.isArray(value) ? value[0] : undefined;
  };
  const rawPage = single('page');
  if (rawPage !== undefined && rawPage !== '' && !/^[1-9][0-9]{0,4}$/.test(rawPage)) return null;
  const problems: string[] = [];
  let name = (single('name') ?? '').replace(/\s+/g, ' ').trim();
  if (name.length > NAME_MAX) {
    name = name.slice(0, NAME_MAX);
    problems.push(`Names are matched on their first ${NAME_MAX} characters.`);
  }
  const values: Record<string, string | null> = {};
  for (const field of fields) {
    const value = single(field.param)?.trim() ?? '';
    if (value && !isKeyOf(field.list, value)) {
      problems.push(
        `“${value.slice(0, 40)}” is not a ${field.label.toLowerCase()} we know: showing every one.`,
      );
      values[field.param] = null;
    } else values[field.param] = value || null;
  }
  return { name, values, page: rawPage ? Number(rawPage) : 1, problems };
}

/** The address of a directory page with its filters (empty ones left out), page 1 without `page`. */
export function directoryHref(
  path: string,
  query: Pick<DirectoryQuery, 'name' | 'values'>,
  page: number,
): string {
  const search = new URLSearchParams();
  if (query.name) search.set('name', query.name);
  for (const [param, value] of Object.entries(query.values)) if (value) search.set(param, value);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether the reader chose any filter or typed a name. */
export const isFiltered = (query: Pick<DirectoryQuery, 'name' | 'values'>) =>
  query.name !== '' || Object.values(query.values).some((v) => v !== null);
