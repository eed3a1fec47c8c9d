import type { Mailer } from '../modules/email-change/email-change-mail';
import type { Platform } from './platform';

// On globalThis: the server entry installs the courier, the bundled route code reads it (two module graphs
// in one process, as with the platform itself).
const KEY = Symbol.for('bof.courier');
type Holder = { [KEY]?: WeakMap<Platform, Mailer> };
const couriers = () => ((globalThis as Holder)[KEY] ??= new WeakMap());

/** Installs the platform's courier (the identity server's mailer: SMTP, or the outbox at `/_dev/mail/`). */
export function installCourier(platform: Platform, mailer: Mailer): void {
  couriers().set(platform, mailer);
}

/** The platform's courier, when the composition root installed one. */
export function courierOf(platform: Platform): Mailer | undefined {
  return couriers().get(platform);
}
