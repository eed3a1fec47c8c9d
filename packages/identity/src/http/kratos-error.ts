/** Kratos's stable error ids (vendor-specs/kratos-error-ids.json) that this server answers with. */
export type KratosErrorId =
  | 'session_refresh_required'
  | 'self_service_flow_expired'
  | 'browser_location_change_required'
  | 'session_already_available'
  | 'session_inactive'
  | 'self_service_flow_return_to_forbidden'
  | 'security_identity_mismatch'
  | 'security_csrf_violation'
  | 'identity_disabled'
  | 'session_aal_already_fulfilled'
  | 'session_aal1_required'
  | 'self_service_flow_replaced';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

/**
 * An error answered in Kratos's `errorGeneric` shape. `extra` adds the top-level fields some errors carry
 * (`redirect_browser_to`, `use_flow_id`, `expired_at`).
 */
export class KratosError extends Error {
  constructor(
    readonly status: number,
    readonly id: KratosErrorId | undefined,
    message: string,
    readonly reason?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'KratosError';
  }

  body(): Record<string, unknown> {
    const error = {
      ...(this.id ? { id: this.id } : {}),
      code: this.status,
      status: STATUS_TEXT[this.status] ?? 'Error',
      message: this.message,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
    // The OpenAPI document types `errorBrowserLocationChangeRequired.error` as a whole `errorGeneric`
    // (an object with its own `error`), while Kratos and every client read `error.id`: both are given.
    if (this.id === 'browser_location_change_required') return { error: { ...error, error }, ...this.extra };
    return { error, ...this.extra };
  }
}

/** Kratos's text for a request to a strategy that is not enabled (`strategy.EndpointDisabledMessage`). */
export const ENDPOINT_DISABLED =
  'This endpoint was disabled by system administrator. Please check your url or contact the system administrator to enable it.';

export const errors = {
  /** A submission for a method (strategy) that exists in Kratos but is not enabled here. */
  methodDisabled: () =>
    new KratosError(404, undefined, 'The requested resource could not be found', ENDPOINT_DISABLED),
  /** `aal=aal2` (or higher) asked for without a session (Kratos `ErrSessionRequiredForHigherAAL`). */
  aal1Required: () =>
    new KratosError(
      401,
      'session_aal1_required',
      'aal2 and aal3 can only be requested if a session exists already',
      'You can not requested a higher AAL (AAL2/AAL3) without an active session.',
    ),
  /**
   * `GET …/flows?id=` of an expired flow: Kratos answers 410 without making a new flow, pointing a browser
   * at the flow's init endpoint (`redirect_to`, `return_to`) and an app at the API one (`api`); login and
   * registration carry the id `self_service_flow_expired`.
   */
  expiredOnFetch: (id: KratosErrorId | undefined, reason: string, details: Record<string, unknown>) =>
    new KratosError(
      410,
      id,
      'The requested resource is no longer available because it has expired or is otherwise invalid.',
      reason,
      {},
      {},
      details,
    ),
  /** The flow was replaced by a new one carrying the message (Kratos `NewFlowReplacedError`). */
  flowReplaced: (reason: string, useFlowId: string) =>
    new KratosError(410, 'self_service_flow_replaced', 'self-service flow replaced', reason, {
      use_flow_id: useFlowId,
    }),
  notFound: (what: string) =>
    new KratosError(404, undefined, 'The requested resource could not be found', `${what} not found.`),
  badRequest: (reason: string) =>
    new KratosError(400, undefined, 'The request was malformed or contained invalid parameters', reason),
  csrf: () =>
    new KratosError(
      403,
      'security_csrf_violation',
      'the request was rejected to protect you from Cross-Site-Request-Forgery',
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    ),
  returnToForbidden: () =>
    new KratosError(
      400,
      'self_service_flow_return_to_forbidden',
      'The request was malformed or contained invalid parameters',
      'Requested return_to URL is not allowed.',
    ),
  noSession: () =>
    new KratosError(
      401,
      'session_inactive',
      'The request could not be authorized',
      'No active session was found in this request.',
    ),
  alreadyLoggedIn: () =>
    new KratosError(
      400,
      'session_already_available',
      'The request was malformed or contained invalid parameters',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    ),
  identityMismatch: () =>
    new KratosError(
      403,
      'security_identity_mismatch',
      'The request was rejected to protect you from account takeover',
      'The flow was initiated by another person.',
    ),
  refreshRequired: (redirectTo: string) =>
    new KratosError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      undefined,
      { redirect_browser_to: redirectTo },
    ),
  locationChange: (redirectTo: string) =>
    new KratosError(
      422,
      'browser_location_change_required',
      'browser location change required',
      'In order to complete this flow please redirect the browser to: ' + redirectTo,
      { redirect_browser_to: redirectTo },
    ),
  flowExpired: (useFlowId: string, expiredAt: Date, now: Date) =>
    new KratosError(
      410,
      'self_service_flow_expired',
      'The self-service flow has expired',
      'The self-service flow expired ' +
        Math.round((now.getTime() - expiredAt.getTime()) / 60000) +
        ' minutes ago, initialize a new one.',
      {
        use_flow_id: useFlowId,
        expired_at: expiredAt.toISOString(),
        since: (now.getTime() - expiredAt.getTime()) * 1_000_000,
      },
    ),
  tooManyRequests: (retryAfterSeconds: number) =>
    new KratosError(
      429,
      undefined,
      'Too many requests',
      `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`,
      {},
      { 'retry-after': String(retryAfterSeconds) },
    ),
};
