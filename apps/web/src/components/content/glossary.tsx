import type { GlossaryEntry } from '@bof/api/content';

/** A case study's glossary of terms, as a description list in alphabetical order. */
export function Glossary({ entries }: { entries: readonly GlossaryEntry[] }) {
  const sorted = [...entries].sort((a, b) => a.term.localeCompare(b.term, 'en-GB'));
  return (
    <section aria-labelledby="glossary" className="mt-12 rounded bg-surface p-6 font-sans">
      <h2 id="glossary" className="font-serif text-2xl font-bold">
        Glossary
      </h2>
      <dl className="mt-4 space-y-4">
        {sorted.map((entry) => (
          <div key={entry.term} className="break-inside-avoid">
            <dt className="font-semibold">{entry.term}</dt>
            <dd className="mt-1 text-muted">{entry.definition}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
