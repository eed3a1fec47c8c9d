import { AcademicEmailConfirmationError, InvalidAcademicEmailError } from './academic-email-errors';
import { AuthError } from './auth-error';
import { DomainError, isDomainError } from './domain-error';
import { FieldValidationError } from './field-validation-error';
import { SeatAllocationError } from './seat-allocation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
  SubscriptionUpgradeError,
} from './subscription-errors';
import { UnauthorizedError } from './unauthorized-error';

export type ResultErrorClass = abstract new (...args: never[]) => DomainError;

/**
 * Result error types by the stable code each carries: spec §8's here, a module's own beside its schema
 * (registerResultError). The GraphQL layer decides a failure's result type from its code alone: a service
 * may have been built in another module graph than the schema (the server entry builds them; the Next.js
 * bundle serves GraphQL), where its classes are other classes of the same name. Any other DomainError is
 * a `BaseError`; anything that is not one is unexpected and masked.
 */
const resultErrorsByCode = new Map<string, ResultErrorClass>(
  Object.entries({
    auth_required: AuthError,
    invalid_input: FieldValidationError,
    not_authorised: UnauthorizedError,
    academic_email_confirmation_failed: AcademicEmailConfirmationError,
    invalid_academic_email: InvalidAcademicEmailError,
    seat_allocation_failed: SeatAllocationError,
    subscription_purchase_failed: SubscriptionPurchaseError,
    three_d_secure_required: SubscriptionPurchase3DSSecureError,
    subscription_upgrade_failed: SubscriptionUpgradeError,
  }),
);

/** Makes `type` the result type of failures with `code` (a module's own result error type). */
export function registerResultError(code: string, type: ResultErrorClass): void {
  const known = resultErrorsByCode.get(code);
  if (known && known !== type) throw new Error(`Two result error types claim the code ${code}.`);
  resultErrorsByCode.set(code, type);
}

/** The result type of failures with `code`, if one is registered. */
export function resultErrorTypeOf(code: string): ResultErrorClass | undefined {
  return resultErrorsByCode.get(code);
}

/**
 * The failure as an instance of this schema's result type for its code, with every field it carried
 * (reason, details, accountId…). A DomainError of this module graph, and anything that is not a
 * DomainError, is returned as it is.
 */
export function asResultError(error: unknown): unknown {
  if (!isDomainError(error)) return error;
  const type = resultErrorsByCode.get(error.code) ?? DomainError;
  if (error instanceof type) return error;
  const local = Object.create(type.prototype as object) as DomainError;
  Object.defineProperties(local, Object.getOwnPropertyDescriptors(error));
  return local;
}
