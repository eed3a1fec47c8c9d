import { DomainError } from './domain-error';

/** One rejected input value: where it is, why (a machine-readable code) and a readable message. */
export interface FieldError {
  path: readonly string[];
  code: string;
  message: string;
}

/**
 * The input broke one or more rules (spec §5 server validation errors). It carries every field error
 * at once, so a form can mark all of them in one round trip. Shown in GraphQL as `ZodError`.
 */
export class FieldValidationError extends DomainError {
  constructor(
    readonly fieldErrors: readonly FieldError[],
    message = 'Some of the details are not valid.',
  ) {
    super('invalid_input', message);
  }
}
