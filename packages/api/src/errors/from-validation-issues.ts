import { FieldValidationError, type FieldError } from './field-validation-error';

interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/**
 * Turns standard-schema issues (from zod through the validation plugin) into one FieldValidationError
 * holding every field error. The code is zod's issue code when it has one.
 */
export function fieldValidationErrorFrom(issues: readonly Issue[]): FieldValidationError {
  const fieldErrors: FieldError[] = issues.map((issue) => ({
    path: (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)),
    code: 'code' in issue && typeof issue.code === 'string' ? issue.code : 'invalid',
    message: issue.message,
  }));
  return new FieldValidationError(fieldErrors);
}
