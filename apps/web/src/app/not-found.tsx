import Link from 'next/link';

export default function NotFound() {
  return (
    <section className="mx-auto max-w-measure px-gutter py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">Error 404</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">We could not find that page</h1>
      <p className="mt-4 text-muted">
        The link may be out of date, or the page may have moved. Try the front page for the latest news and
        analysis.
      </p>
      <p className="mt-8">
        <Link href="/" className="rounded bg-ink px-4 py-2 text-paper no-underline">
          Go to the front page
        </Link>
      </p>
    </section>
  );
}
