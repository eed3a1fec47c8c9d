import type { Platform } from '@bof/api/platform';
import type { ServicePorts } from '@bof/api/services';
import { identityConfigFromEnv } from '@bof/identity/config';
import { createIdentityAdminServer } from '@bof/identity/admin';
import { createPgliteChangeFeed, createPostgresChangeFeed } from '@bof/identity/change-feed';
import { createOutboxMailer, createSmtpMailer, listOutbox, type Mailer } from '@bof/identity/mailer';
import { createIdentityServer, type IdentityServer } from '@bof/identity/server';

/** The built-in identity server, mounted at IDENTITY_BASE_URL when that lies under the site. */
export interface MountedIdentity {
  /** The Kratos public API and the development mailbox (docs/adr/0004). */
  server: IdentityServer;
  /** Kratos's admin identity API, called in-process and never mounted on a path. */
  admin: (request: Request) => Promise<Response>;
  /** Where the public API is mounted: IDENTITY_BASE_URL. */
  publicBaseUrl: string;
}

export interface BuiltInIdentity {
  /** Null when IDENTITY_BASE_URL names an identity provider elsewhere. */
  mounted: MountedIdentity | null;
  /** The identity server's courier: SMTP when SMTP_URL is set, the outbox at `/_dev/mail/` otherwise. */
  courier: Mailer;
  /** The newest messages of the outbox (`/_dev/mail/`), newest first. */
  outbox(limit?: number): ReturnType<typeof listOutbox>;
  /**
   * The ports of the composition root that the identity server fills (createServices): its courier, and
   * when mounted its admin API and its public API in-process (sign-in, and the check on every signed-in
   * request that the identity session behind `bof_session` lives, answered from the whoami cache).
   */
  ports: Pick<ServicePorts, 'courier' | 'identityAdmin' | 'identityPublic' | 'identityWhoami'>;
  /** Stops the identity server's housekeeping timer and its change feed. */
  close(): Promise<void>;
}

export interface BuiltInIdentityOptions {
  /** The identity server's clock (tests move it on); the wall clock by default. */
  clock?: () => Date;
  /** Replace the configured rate limits (tests that register many readers from one address). */
  rateLimits?: { perIp: number; perIdentifier: number };
}

/**
 * The built-in Kratos-compatible identity server over the product's platform: its public API (with a
 * whoami cache kept true by the database's change announcements, LISTEN identity_changes), its admin API
 * for the e-mail change, and its courier. The one place in apps/web that hands the identity server the
 * database: the server entry and the web tests both build it here.
 */
export function createBuiltInIdentity(
  platform: Platform,
  options: BuiltInIdentityOptions = {},
): BuiltInIdentity {
  const { env, db, database } = platform;
  const courier = env.identity.smtpUrl
    ? createSmtpMailer({ url: env.identity.smtpUrl, from: env.identity.smtpFrom })
    : createOutboxMailer(db);
  const mounted = env.identityBaseUrl.startsWith(`${env.siteUrl}/`) ? mount() : null;
  return {
    mounted,
    courier,
    outbox: (limit) => listOutbox(db, limit),
    ports: {
      courier,
      identityAdmin: mounted?.admin,
      identityPublic: mounted ? (request) => mounted.server.fetch(request) : undefined,
      identityWhoami: mounted ? (cookieHeader) => mounted.server.whoami(cookieHeader) : undefined,
    },
    close: async () => mounted?.server.close(),
  };

  function mount(): MountedIdentity {
    const { clock, rateLimits } = options;
    const config = identityConfigFromEnv(env);
    const server = createIdentityServer({
      db,
      config: rateLimits
        ? { ...config, rateLimitPerIp: rateLimits.perIp, rateLimitPerIdentifier: rateLimits.perIdentifier }
        : config,
      // Without an SMTP server the identity server writes to the outbox itself.
      mailer: env.identity.smtpUrl ? courier : undefined,
      changeFeed: env.databaseUrl
        ? createPostgresChangeFeed(env.databaseUrl)
        : createPgliteChangeFeed(database.pglite!),
      ...(clock ? { clock } : {}),
    });
    const admin = createIdentityAdminServer({
      db,
      publicBaseUrl: config.publicBaseUrl,
      ...(clock ? { clock } : {}),
    });
    return { server, admin: admin.fetch, publicBaseUrl: config.publicBaseUrl };
  }
}
