import type { Platform } from '../../platform/platform';
import { createKratosIdentitySessions } from '../session/identity-sessions';
import type { Mailer } from './email-change-mail';
import { createEmailChangeRepo } from './email-change.repo';
import type { EmailChangeDeps } from './email-change.service';
import { createKratosIdentityAdmin, type IdentityAdmin } from './identity-admin';

export type { Mailer, MailMessage } from './email-change-mail';
/** The identity port (find by id or e-mail, change the e-mail) over Kratos's admin API, for the product. */
export { createKratosIdentityAdmin, type IdentityAdmin, type IdentitySummary } from './identity-admin';

/** What the composition root (services.ts) hands the e-mail change. */
export interface EmailChangePorts {
  /** The identity server's courier: SMTP, or the outbox shown at `/_dev/mail/`. */
  mailer: Mailer;
  /**
   * The built-in identity server's admin API as a fetch handler, called in-process. Unused when
   * IDENTITY_ADMIN_URL names Kratos's admin API; without either, e-mail changes are unavailable.
   */
  identityAdmin?: (request: Request) => Promise<Response>;
  /**
   * The identity server's public API as a fetch handler, called in-process for whoami; by default the
   * product asks IDENTITY_BASE_URL over HTTP, as the session refresh does.
   */
  identityPublic?: (request: Request) => Promise<Response>;
  now?: () => Date;
  newCode?: () => string;
}

/**
 * The identity port over Kratos's admin API at IDENTITY_ADMIN_URL, or over the built-in identity
 * server's admin handler in-process; null when neither is there.
 */
export function identityAdminFor(
  platform: Platform,
  ports: Pick<EmailChangePorts, 'identityAdmin'>,
): IdentityAdmin | null {
  const { env } = platform;
  const adminUrl = env.identity.adminUrl;
  const inProcess = ports.identityAdmin;
  if (adminUrl) return createKratosIdentityAdmin({ baseUrl: adminUrl, token: env.identity.adminToken });
  if (!inProcess) return null;
  return createKratosIdentityAdmin({
    baseUrl: 'http://identity-admin.internal',
    fetch: (input, init) => inProcess(new Request(input, init)),
  });
}

/**
 * The e-mail change's dependencies, or null when no identity admin API is reachable (neither
 * IDENTITY_ADMIN_URL nor the built-in identity server): the operations then answer
 * EmailChangeUnavailableError.
 */
export function createEmailChange(platform: Platform, ports: EmailChangePorts): EmailChangeDeps | null {
  const { env } = platform;
  const identityAdmin = identityAdminFor(platform, ports);
  if (!identityAdmin) return null;
  const identityPublic = ports.identityPublic;
  const accountPage = `${new URL(env.siteUrl).origin}/user/account/`;
  const login = new URLSearchParams({ refresh: 'true', return_to: accountPage });
  return {
    identitySessions: createKratosIdentitySessions({
      baseUrl: env.identityBaseUrl,
      ...(identityPublic ? { fetch: (input, init) => identityPublic(new Request(input, init)) } : {}),
    }),
    identityAdmin,
    mailer: ports.mailer,
    repo: createEmailChangeRepo(platform.db),
    now: ports.now ?? (() => new Date()),
    ...(ports.newCode ? { newCode: ports.newCode } : {}),
    siteName: env.siteName,
    privilegedSessionMaxAgeSeconds: env.identity.privilegedSessionMaxAgeSeconds,
    reauthenticationUrl: `${env.identityBaseUrl}/self-service/login/browser?${login.toString()}`,
  };
}
