import { IdentityApiError, IdentityFetchError, MissingParameterError } from './identity-errors';

export type FlowType = 'login' | 'registration' | 'recovery' | 'settings' | 'verification';

/** The parts of a Kratos flow the product reads; the full shape is the provider's (spec §3). */
export interface IdentityFlow {
  id: string;
  type: 'browser' | 'api';
  state?: string;
  expires_at: string;
  return_to?: string;
  ui: IdentityUi;
}

export interface IdentityUi {
  action: string;
  method: string;
  nodes: IdentityUiNode[];
  messages?: IdentityUiText[];
}

export interface IdentityUiText {
  id: number;
  type: 'info' | 'error' | 'success';
  text: string;
  context?: Record<string, unknown>;
}

export interface IdentityUiNode {
  type: 'input' | 'img' | 'a' | 'script' | 'text' | 'div';
  group: string;
  attributes: Record<string, unknown> & { node_type: string; name?: string; type?: string; value?: unknown };
  messages: IdentityUiText[];
  meta: { label?: IdentityUiText };
}

/** A session as the provider lists it (Kratos `session`). */
export interface IdentitySessionInfo {
  id: string;
  active?: boolean;
  authenticated_at?: string;
  expires_at?: string;
  devices?: { id: string; ip_address?: string; user_agent?: string; location?: string }[];
}

export interface LogoutFlow {
  logout_token: string;
  logout_url: string;
}

export type FlowQuery = Partial<
  Record<'return_to' | 'refresh' | 'aal' | 'login_challenge' | 'organization' | 'via', string | boolean>
>;

/**
 * The identity provider's browser API (Kratos protocol, spec §7): every call includes credentials and
 * accepts JSON. Works unchanged against our built-in server, Ory Kratos or Ory Network.
 */
export function createIdentityClient(options: { baseUrl: string; fetch?: typeof fetch }) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        ...init,
        credentials: 'include',
        headers: {
          accept: 'application/json',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
      });
    } catch (error) {
      throw new IdentityFetchError(error);
    }
    const text = await response.text();
    const body: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) {
      const error = (body as { error?: { id?: string; message?: string; reason?: string } } | undefined)
        ?.error;
      throw new IdentityApiError(
        response.status,
        error?.id,
        error?.reason ?? error?.message ?? `The identity service answered ${response.status}.`,
        body,
      );
    }
    return body as T;
  }

  const required = (callName: string, name: string, value: string | undefined): string => {
    if (!value) throw new MissingParameterError(callName, name);
    return value;
  };

  const query = (params: FlowQuery = {}) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== '') search.set(key, String(value));
    const s = search.toString();
    return s ? `?${s}` : '';
  };

  return {
    /** GET /self-service/{type}/browser: a new browser flow. */
    createBrowserFlow: (type: FlowType, params?: FlowQuery) =>
      call<IdentityFlow>(`/self-service/${type}/browser${query(params)}`),
    /** GET /self-service/{type}/flows?id=. */
    getFlow: (type: FlowType, id: string | undefined) =>
      call<IdentityFlow>(
        `/self-service/${type}/flows?id=${encodeURIComponent(required(`get ${type} flow`, 'id', id))}`,
      ),
    /** POST /self-service/{type}?flow=: the body carries `method` and `csrf_token`. */
    updateFlow: (type: FlowType, id: string | undefined, body: Record<string, unknown>) =>
      call<unknown>(
        `/self-service/${type}?flow=${encodeURIComponent(required(`update ${type} flow`, 'flow', id))}`,
        {
          method: 'POST',
          body: JSON.stringify(body),
        },
      ),
    /** GET /self-service/logout/browser. */
    createBrowserLogoutFlow: (params?: { return_to?: string }) =>
      call<LogoutFlow>(`/self-service/logout/browser${query(params)}`),
    /** GET /self-service/errors?id=. */
    getFlowError: (id: string | undefined) =>
      call<unknown>(`/self-service/errors?id=${encodeURIComponent(required('get flow error', 'id', id))}`),
    /** GET /sessions/whoami. */
    toSession: () => call<IdentitySessionInfo>('/sessions/whoami'),
    /** GET /sessions: the identity's other sessions. */
    listOtherSessions: () => call<IdentitySessionInfo[]>('/sessions?page_size=100'),
    /** DELETE /sessions: signs out every other session. */
    revokeOtherSessions: () => call<unknown>('/sessions', { method: 'DELETE' }),
    /** DELETE /sessions/{id}. */
    revokeSession: (id: string | undefined) =>
      call<unknown>(`/sessions/${encodeURIComponent(required('revoke session', 'id', id))}`, {
        method: 'DELETE',
      }),
    /** The URL a browser is sent to for a social sign-in (the login flow's oidc method, spec §4). */
    browserFlowUrl: (type: FlowType, params?: FlowQuery) =>
      `${base}/self-service/${type}/browser${query(params)}`,
  };
}

export type IdentityClient = ReturnType<typeof createIdentityClient>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
