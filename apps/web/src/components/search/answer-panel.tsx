import type { AiSearchAnswer } from '@bof/api/search';
import { AnswerTracking } from './search-tracking';

/** The AI-assisted answer on top of the results: cited sentences and the numbered sources, or an abstention. */
export function AnswerPanel({
  result,
  searchId,
  term,
}: {
  result: AiSearchAnswer;
  searchId: string;
  term: string;
}) {
  const tracked = {
    type: result.type,
    answer: result.answer,
    sourcesIds: result.sourcesIds,
    peopleCompanyIds: result.peopleCompanyIds,
    caseStudiesReportsIds: result.caseStudiesReportsIds,
    fashionGlossary: result.fashionGlossary,
  };
  return (
    <section aria-labelledby="answer-heading" className="mb-8 border border-rule bg-surface p-4 sm:p-5">
      <AnswerTracking searchId={searchId} term={term} result={tracked} />
      <h2 id="answer-heading" className="text-sm font-semibold uppercase tracking-wide">
        Answer from our journalism
      </h2>
      {result.type === 'error' ? (
        <p className="mt-2" data-testid="answer-abstained">
          {result.answer} The results below may still help.
        </p>
      ) : (
        <>
          <p className="mt-2 leading-relaxed" data-testid="answer-text">
            {result.sentences.map((sentence, index) => (
              <span key={index}>
                {sentence.text}
                {sentence.cites.map((n) => (
                  <sup key={n}>
                    <a href={`#citation-${n}`} aria-label={`Source ${n}`} className="ml-0.5 no-underline">
                      [{n}]
                    </a>
                  </sup>
                ))}{' '}
              </span>
            ))}
          </p>
          <ol className="mt-3 list-decimal space-y-1 pl-6 text-sm" aria-label="Sources">
            {result.citations.map((source, index) => (
              <li key={`${source.kind}:${source.id}`} id={`citation-${index + 1}`}>
                <a href={source.path}>{source.title}</a>
                <span className="text-muted"> · {KIND_LABELS[source.kind]}</span>
              </li>
            ))}
          </ol>
          <p className="mt-3 text-xs text-muted">
            Composed from the passages of the stories above that you may read; check the sources.
          </p>
        </>
      )}
    </section>
  );
}

export const KIND_LABELS: Record<AiSearchAnswer['citations'][number]['kind'] | 'job', string> = {
  story: 'Story',
  case_study: 'Case study',
  glossary: 'Glossary',
  person: 'Person',
  organisation: 'Company',
  job: 'Job',
};
