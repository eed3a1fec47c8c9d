/** What the search page shows while its results load. */
export default function SearchLoading() {
  return (
    <div className="mx-auto max-w-page px-gutter py-8 sm:py-10" aria-busy="true">
      <h1 className="font-serif text-3xl font-bold">Search</h1>
      <p className="mt-6 text-muted" role="status">
        Searching…
      </p>
    </div>
  );
}
