import { DomainError } from '../../errors/domain-error';

/** One problem with one record of an import: where it is and what is wrong, in words a person can fix. */
export interface RecordError {
  /** The file (or a label for it) the record came from. */
  source: string;
  /** 1-based position of the record in its source; 0 when the whole source is unreadable. */
  record: number;
  /** The line the record starts on, for NDJSON. */
  line?: number;
  /** The record's slug when it has a readable one. */
  slug?: string;
  /** Dotted path of the field, e.g. `body.3.text`; empty for the record as a whole. */
  path: string;
  message: string;
}

/** An import in which at least one record is invalid. Nothing was written. */
export class ContentImportError extends DomainError {
  constructor(readonly errors: readonly RecordError[]) {
    super('invalid_content', `${errors.length} problem(s) in the content; nothing was imported.`);
  }
}

/** No published content has this slug. */
export class ContentNotFoundError extends DomainError {
  constructor(
    readonly kind: 'article' | 'topic' | 'author' | 'section' | 'series' | 'case_study',
    readonly slug: string,
  ) {
    super('content_not_found', `No ${kind.replace('_', ' ')} has the slug "${slug}".`);
  }
}

/** Formats a record error as one line: `articles/x.json record 3 (line 3) [slug] body.2.text: message`. */
export function formatRecordError(error: RecordError): string {
  const where = [
    error.source,
    error.record > 0 ? `record ${error.record}` : '',
    error.line ? `(line ${error.line})` : '',
    error.slug ? `[${error.slug}]` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `${where} ${error.path ? `${error.path}: ` : ''}${error.message}`;
}
