import type { Database } from '@bof/db/client';
import type { ServerEnv } from '@bof/config/server';
import { openAiCompatibleModel, type AnswerModel } from './model-answer';
import { createSearchRepo, taxonomyNames } from './search.repo';
import { createSearchService, type SearchService } from './search.service';

export type {
  AiSearchAnswer,
  FacetCount,
  SearchOutcome,
  SearchReader,
  SearchResult,
  SearchService,
  SnippetPart,
} from './search.service';
export type { SourceRef, AnswerSentence } from './answer-composer';
export { AI_ANSWER_MAX_CHARS, ABSTAIN_MESSAGE } from './answer-composer';
export {
  readSearchParams,
  SEARCH_TABS,
  SEARCH_DATES,
  type SearchParams,
  type SearchTab,
} from './search.inputs';
export { analyticsTerm, parseSearchQuery } from './search-query';

/** The search service over `db`; answers go through the configured model when there is one. */
export function searchServiceFor(
  db: Database,
  options: { aiAnswers: ServerEnv['aiAnswers']; model?: AnswerModel | null },
): SearchService {
  const model =
    options.model !== undefined
      ? options.model
      : options.aiAnswers
        ? openAiCompatibleModel(options.aiAnswers)
        : null;
  return createSearchService({
    repo: createSearchRepo(db),
    taxonomy: () => taxonomyNames(db),
    model,
    now: () => new Date(),
  });
}
