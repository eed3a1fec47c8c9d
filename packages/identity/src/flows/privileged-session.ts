import { errors } from '../http/kratos-error';
import type { FlowRecord } from '../store/flow-store';
import type { FlowContext } from './flow-context';

/**
 * Changing the e-mail or the password needs a recent sign-in (Kratos's privileged session).
 * @throws KratosError 403 `session_refresh_required`, pointing at a refresh login that comes back here.
 */
export function ensurePrivileged(ctx: FlowContext, flow: FlowRecord) {
  const age = (ctx.now.getTime() - ctx.session!.authenticatedAt.getTime()) / 1000;
  if (age <= ctx.config.privilegedSessionMaxAgeSeconds) return;
  const back = `${ctx.config.ui.settings}?flow=${flow.id}`;
  throw errors.refreshRequired(
    `${ctx.config.publicBaseUrl}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(back)}`,
  );
}
