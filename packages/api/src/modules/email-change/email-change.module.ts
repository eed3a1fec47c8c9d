import type { Platform } from '../../platform/platform';
import { createKratosIdentitySessions } from '../session/identity-sessions';
import type { Mailer } from './email-change-mail';
import { EmailChangeUnavailableError } from './email-change.errors';
import { createEmailChangeRepo } from './email-change.repo';
import type { EmailChangeDeps } from './email-change.service';
import { createKratosIdentityAdmin } from './identity-admin';

export type { Mailer, MailMessage } from './email-change-mail';
/** The identity port (find by id or e-mail, change the e-mail) over Kratos's admin API, for the product. */
export { createKratosIdentityAdmin, type IdentityAdmin, type IdentitySummary } from './identity-admin';

/** What the composition root (apps/web/server.ts, or a test) hands the e-mail change. */
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

// On globalThis: the server entry installs the ports, the bundled route code reads them (two module
// graphs in one process, as with the platform itself).
const KEY = Symbol.for('bof.email-change-ports');
type Holder = { [KEY]?: WeakMap<Platform, EmailChangePorts> };
const portsOf = () => ((globalThis as Holder)[KEY] ??= new WeakMap());

/** Installs the e-mail change's ports for a platform; called once by the composition root. */
export function installEmailChangePorts(platform: Platform, ports: EmailChangePorts): void {
  portsOf().set(platform, ports);
}

/**
 * The e-mail change's dependencies on a platform.
 * @throws EmailChangeUnavailableError when no courier or no identity admin API is wired.
 */
export function emailChangeDepsFor(platform: Platform): EmailChangeDeps {
  const ports = portsOf().get(platform);
  const { env } = platform;
  const adminUrl = env.identity.adminUrl;
  if (!ports || (!adminUrl && !ports.identityAdmin)) throw new EmailChangeUnavailableError();
  const inProcess = ports.identityAdmin;
  const identityAdmin = adminUrl
    ? createKratosIdentityAdmin({ baseUrl: adminUrl, token: env.identity.adminToken })
    : createKratosIdentityAdmin({
        baseUrl: 'http://identity-admin.internal',
        fetch: (input, init) => inProcess!(new Request(input, init)),
      });
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
