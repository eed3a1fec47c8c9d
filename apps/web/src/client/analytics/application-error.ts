import { ANALYTICS } from '@bof/config/constants';

export const APPLICATION_ERROR_SCHEMA =
  'iglu:com.snowplowanalytics.snowplow/application_error/jsonschema/1-0-2';

export interface ApplicationError {
  programmingLanguage: 'JAVASCRIPT';
  message: string;
  stackTrace?: string;
  fileName?: string;
  lineNumber?: number;
  lineColumn?: number;
  exceptionName?: string;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

/**
 * A browser script error as the tracker's `application_error` event: the message truncated to 2048
 * characters and the stack to 8192 (spec §9). Null when there is nothing to report.
 */
export function toApplicationError(input: {
  message?: string;
  error?: unknown;
  filename?: string;
  lineno?: number;
  colno?: number;
}): ApplicationError | null {
  const error = input.error instanceof Error ? input.error : undefined;
  const message = input.message || error?.message || (typeof input.error === 'string' ? input.error : '');
  if (!message) return null;
  const result: ApplicationError = {
    programmingLanguage: 'JAVASCRIPT',
    message: clip(message, ANALYTICS.errorMessageMaxLength),
  };
  if (error?.stack) result.stackTrace = clip(error.stack, ANALYTICS.errorStackMaxLength);
  if (error?.name) result.exceptionName = clip(error.name, 1024);
  if (input.filename) result.fileName = clip(input.filename, 1024);
  if (input.lineno !== undefined && input.lineno >= 0) result.lineNumber = input.lineno;
  if (input.colno !== undefined && input.colno >= 0) result.lineColumn = input.colno;
  return result;
}
