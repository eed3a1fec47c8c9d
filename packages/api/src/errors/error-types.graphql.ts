import { builder } from '../builder';
import {
  SeatAllocationErrorTypeEnum,
  SubscriptionPurchaseErrorCodeEnum,
  SubscriptionUpgradeErrorReasonEnum,
} from '../enums/enums.graphql';
import { AcademicEmailConfirmationError, InvalidAcademicEmailError } from './academic-email-errors';
import { AuthError } from './auth-error';
import { DomainError } from './domain-error';
import { FieldValidationError, type FieldError } from './field-validation-error';
import { SeatAllocationError } from './seat-allocation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
  SubscriptionUpgradeError,
} from './subscription-errors';
import { UnauthorizedError } from './unauthorized-error';

// The result error types of spec §8. A service throws the class; the errors plugin returns it as the
// matching member of the field's result union. Every one implements `Error`, so a client can always
// ask for `... on Error { message }`.

export const ErrorInterface = builder.interfaceRef<DomainError>('Error').implement({
  description: 'An expected failure, returned as a result instead of a GraphQL error.',
  fields: (t) => ({ message: t.exposeString('message') }),
});

const interfaces = [ErrorInterface];

builder.objectType(DomainError, {
  name: 'BaseError',
  description: 'A failure with no more specific type.',
  interfaces,
});

builder.objectType(AuthError, {
  name: 'AuthError',
  description: 'The request has no valid session: sign in, or refresh the session token.',
  interfaces,
});

const FieldErrorType = builder.objectRef<FieldError>('FieldError').implement({
  description: 'One rejected input value.',
  fields: (t) => ({
    path: t.exposeStringList('path', { description: 'Where the value is, from the argument name down.' }),
    code: t.exposeString('code', { description: 'Why it was rejected, e.g. too_small, invalid_value.' }),
    message: t.exposeString('message'),
  }),
});

builder.objectType(FieldValidationError, {
  name: 'ZodError',
  description: 'The input broke one or more rules; every rejected field is listed.',
  interfaces,
  fields: (t) => ({
    fieldErrors: t.field({ type: [FieldErrorType], resolve: (error) => [...error.fieldErrors] }),
  }),
});

builder.objectType(UnauthorizedError, {
  name: 'UnauthorizedError',
  description: 'The signed-in reader may not do this.',
  interfaces,
  fields: (t) => ({
    accountId: t.exposeString('accountId', {
      nullable: true,
      description: 'The organisation account the refusal concerns, when it concerns one.',
    }),
    requesterUserId: t.exposeString('requesterUserId'),
  }),
});

builder.objectType(AcademicEmailConfirmationError, {
  name: 'AcademicEmailConfirmationError',
  interfaces,
});

builder.objectType(InvalidAcademicEmailError, {
  name: 'InvalidAcademicEmailError',
  interfaces,
});

builder.objectType(SeatAllocationError, {
  name: 'SeatAllocationError',
  interfaces,
  fields: (t) => ({
    errorType: t.field({ type: SeatAllocationErrorTypeEnum, resolve: (error) => error.errorType }),
  }),
});

builder.objectType(SubscriptionPurchaseError, {
  name: 'SubscriptionPurchaseError',
  interfaces,
  fields: (t) => ({
    code: t.field({ type: SubscriptionPurchaseErrorCodeEnum, resolve: (error) => error.reason }),
  }),
});

builder.objectType(SubscriptionPurchase3DSSecureError, {
  name: 'SubscriptionPurchase3DSSecureError',
  description: 'The card issuer asks for 3-D Secure before the purchase can go on.',
  interfaces,
  fields: (t) => ({
    code: t.exposeString('code'),
    accountCode: t.string({ resolve: (error) => error.details.accountCode }),
    billingToken: t.string({ resolve: (error) => error.details.billingToken }),
    threeDSecureActionToken: t.string({ resolve: (error) => error.details.threeDSecureActionToken }),
  }),
});

builder.objectType(SubscriptionUpgradeError, {
  name: 'SubscriptionUpgradeError',
  interfaces,
  fields: (t) => ({
    reason: t.field({ type: SubscriptionUpgradeErrorReasonEnum, resolve: (error) => error.reason }),
  }),
});
