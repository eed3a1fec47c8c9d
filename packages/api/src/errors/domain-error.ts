/**
 * An expected failure: part of an operation's contract, with a stable snake_case `code` that callers
 * branch on (never on the message). In GraphQL it is a member of the field's result union; a
 * DomainError with no more specific type is shown as `BaseError`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
