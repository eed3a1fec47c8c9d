import { errors } from '../http/kratos-error';
import type { FlowType } from '../store/flow-store';

/** Methods Kratos knows that this server does not enable. */
export const OTHER_METHODS = ['passkey', 'webauthn', 'totp', 'lookup_secret', 'link'] as const;

/**
 * What Kratos answers a submission naming a method it knows but does not have enabled, for login,
 * registration and settings (recovery and verification decide in their own flows). Kratos asks every
 * strategy in turn: one that recognises its method checks whether it is enabled and answers 404
 * "endpoint disabled"; the others say they are not responsible, and the flow is shown again with
 * "could not find a strategy". Which strategy recognises what (selfservice/strategy/*):
 * - login: `passkey` (any flow) and `webauthn` (browser flows; webauthn is not responsible for API flows);
 *   `totp` and `lookup_secret` only take part in AAL2 flows;
 * - registration: none (webauthn and passkey need their `register` payload, link does not register);
 * - settings: `totp` (by its method alone); the others need their own payload fields.
 * Call it for a method no enabled strategy took; when it returns, show the flow's "no strategy" message.
 * @throws KratosError 404 when the method's strategy refuses as disabled.
 */
export function refuseDisabledMethod(
  type: FlowType,
  kind: 'browser' | 'api',
  method: string | undefined,
): void {
  if (type === 'login' && (method === 'passkey' || (method === 'webauthn' && kind === 'browser')))
    throw errors.methodDisabled();
  if (type === 'settings' && method === 'totp') throw errors.methodDisabled();
}
