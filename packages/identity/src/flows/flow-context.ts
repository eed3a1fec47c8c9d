import type { IdentityConfig } from '../identity-config';
import type { Mailer } from '../courier/mailer';
import type { BreachedPasswordCheck } from '../security/breached-passwords';
import type { OpenIdClient } from '../oidc/openid-client';
import type { FlowStore } from '../store/flow-store';
import type { IdentityStore } from '../store/identity-store';
import type { SessionRecord, SessionStore } from '../store/session-store';
import type { TokenExchangeStore } from '../store/token-exchange-store';

/** What a flow handler may use for one request: stores, courier, clock, the caller and their session. */
export interface FlowContext {
  config: IdentityConfig;
  identities: IdentityStore;
  sessions: SessionStore;
  flows: FlowStore;
  exchanges: TokenExchangeStore;
  mailer: Mailer;
  /** The relying party of the `oidc` strategy (discovery, code exchange, ID token checks). */
  openId: OpenIdClient;
  /** The breached-password check of new passwords, when configured. */
  breachedPasswords?: BreachedPasswordCheck;
  now: Date;
  client: { ip: string | undefined; userAgent: string | undefined };
  /** The session the request carries (cookie or token), if any and active. */
  session: SessionRecord | undefined;
  /** The CSRF secret of the browser (its cookie), created on first use. */
  csrfSecret: string;
}
