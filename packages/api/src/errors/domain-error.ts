/**
 * Marks a DomainError. A registered symbol is the same in every copy of this module, so an error thrown
 * by a service built in one module graph (the server entry) is still known as a DomainError in another
 * (the Next.js bundle that serves GraphQL), where `instanceof` would say no.
 */
const DOMAIN_ERROR = Symbol.for('bof.domain-error');

/**
 * An expected failure: part of an operation's contract, with a stable snake_case `code` that callers
 * branch on (never on the message or the class). In GraphQL it is a member of the field's result union
 * (errors/result-errors.ts maps each code to its result type); a DomainError whose code has no more
 * specific type is shown as `BaseError`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
    Object.defineProperty(this, DOMAIN_ERROR, { value: true });
  }
}

/** Whether `error` is a DomainError from any copy of this module. */
export function isDomainError(error: unknown): error is DomainError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { [DOMAIN_ERROR]?: unknown })[DOMAIN_ERROR] === true &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/**
 * Whether `error` carries the stable `code` (a DomainError's, or a provider error's such as
 * `billing_unavailable`). Branch on this, not on `instanceof`: see DOMAIN_ERROR above.
 */
export function hasErrorCode<Code extends string>(
  error: unknown,
  code: Code,
): error is Error & { code: Code } {
  return error instanceof Object && (error as { code?: unknown }).code === code;
}
