/** A required parameter of an identity client call was missing (spec §5). */
export class MissingParameterError extends Error {
  readonly code = 'missing_parameter';
  constructor(
    readonly call: string,
    readonly parameter: string,
  ) {
    super(`${call}: the required parameter "${parameter}" is missing.`);
    this.name = 'MissingParameterError';
  }
}

/** The identity provider answered with an error (Kratos `{ error: { id, code, message } }`) or a failed flow. */
export class IdentityApiError extends Error {
  readonly code = 'identity_api_error';
  constructor(
    readonly status: number,
    readonly errorId: string | undefined,
    message: string,
    /** The response body: a flow with UI messages on 400, a generic error otherwise. */
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'IdentityApiError';
  }
}

/** The network failed before the identity provider answered. */
export class IdentityFetchError extends Error {
  readonly code = 'identity_fetch_error';
  constructor(cause: unknown) {
    super('The identity service could not be reached.', { cause });
    this.name = 'IdentityFetchError';
  }
}
