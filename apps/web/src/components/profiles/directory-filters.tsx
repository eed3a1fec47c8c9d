import type { DirectoryField, DirectoryQuery } from '../../server/profiles/directory-params';
import type { Option } from '../../server/profiles/reference-labels';

/**
 * A directory's filters as a plain GET form: works without JavaScript, every control labelled, the
 * choices kept on the next page. `fields` pairs each filter with its choices.
 */
export function DirectoryFilters({
  action,
  query,
  fields,
  namePlaceholder,
}: {
  action: string;
  query: DirectoryQuery;
  fields: readonly (DirectoryField & { options: readonly Option[] })[];
  namePlaceholder: string;
}) {
  const control =
    'mt-1 block w-full rounded border border-ink bg-paper px-3 py-2 text-base focus:outline focus:outline-2 focus:outline-accent';
  return (
    <form
      action={action}
      method="get"
      role="search"
      aria-label="Filter the directory"
      className="rounded bg-surface p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="directory-name" className="text-sm font-semibold">
            Name
          </label>
          <input
            id="directory-name"
            name="name"
            type="search"
            defaultValue={query.name}
            maxLength={100}
            placeholder={namePlaceholder}
            autoComplete="off"
            className={control}
          />
        </div>
        {fields.map((field) => (
          <div key={field.param}>
            <label htmlFor={`directory-${field.param}`} className="text-sm font-semibold">
              {field.label}
            </label>
            <select
              id={`directory-${field.param}`}
              name={field.param}
              defaultValue={query.values[field.param] ?? ''}
              className={control}
            >
              <option value="">Any</option>
              {field.options.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.title}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <p className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded bg-ink px-4 py-2 font-semibold text-paper">
          Show results
        </button>
        <a href={action} className="text-sm">
          Clear filters
        </a>
      </p>
      {query.problems.length > 0 ? (
        <ul role="status" className="mt-3 space-y-1 text-sm text-accent">
          {query.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
