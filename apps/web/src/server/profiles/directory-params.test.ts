import { describe, expect, it } from 'vitest';
import { directoryHref, isFiltered, readDirectoryQuery, type DirectoryField } from './directory-params';

const fields: DirectoryField[] = [
  { param: 'category', list: 'personProfileCategories', label: 'Category' },
  { param: 'country', list: 'countries', label: 'Country' },
];

describe('readDirectoryQuery', () => {
  it('reads the name, the filters and the page', () => {
    expect(
      readDirectoryQuery({ name: '  Ada  lo ', category: 'creatives', country: 'FR', page: '3' }, fields),
    ).toEqual({
      name: 'Ada lo',
      values: { category: 'creatives', country: 'FR' },
      page: 3,
      problems: [],
    });
  });

  it('treats empty values as no filter and page 1 as the default', () => {
    const query = readDirectoryQuery({ name: '', category: '', page: '' }, fields)!;
    expect(query).toEqual({ name: '', values: { category: null, country: null }, page: 1, problems: [] });
    expect(isFiltered(query)).toBe(false);
  });

  it('ignores values that are not in their list, and says so', () => {
    const query = readDirectoryQuery({ category: '<script>', country: 'Atlantis' }, fields)!;
    expect(query.values).toEqual({ category: null, country: null });
    expect(query.problems).toHaveLength(2);
    expect(query.problems[0]).toContain('not a category');
  });

  it('cuts a long name and refuses a page that is not a whole number from 1', () => {
    expect(readDirectoryQuery({ name: 'x'.repeat(300) }, fields)!.name).toHaveLength(100);
    expect(readDirectoryQuery({ page: '0' }, fields)).toBeNull();
    expect(readDirectoryQuery({ page: '-1' }, fields)).toBeNull();
    expect(readDirectoryQuery({ page: '2.5' }, fields)).toBeNull();
  });

  it('takes the first of repeated parameters', () => {
    expect(readDirectoryQuery({ category: ['media', 'models'] }, fields)!.values.category).toBe('media');
  });
});

describe('directoryHref', () => {
  it('keeps the chosen filters and leaves out the empty ones and page 1', () => {
    const query = { name: 'Ada', values: { category: 'media', country: null } };
    expect(directoryHref('/people/', query, 1)).toBe('/people/?name=Ada&category=media');
    expect(directoryHref('/people/', query, 2)).toBe('/people/?name=Ada&category=media&page=2');
    expect(directoryHref('/people/', { name: '', values: {} }, 1)).toBe('/people/');
  });
});
