import { describe, expect, it } from 'vitest';
import type { AuthFailure } from '@pothos/plugin-scope-auth';
import { unauthorizedErrorFor } from '../auth/unauthorized';
import type { Viewer } from '../auth/viewer';
import { AcademicEmailConfirmationError, InvalidAcademicEmailError } from './academic-email-errors';
import { AuthError } from './auth-error';
import { DomainError } from './domain-error';
import { FieldValidationError } from './field-validation-error';
import { fieldValidationErrorFrom } from './from-validation-issues';
import { SeatAllocationError } from './seat-allocation-error';
import {
  SubscriptionPurchase3DSSecureError,
  SubscriptionPurchaseError,
  SubscriptionUpgradeError,
} from './subscription-errors';
import { UnauthorizedError } from './unauthorized-error';

const viewer: Viewer = {
  userId: 'u1',
  email: 'u1@example.org',
  membershipLevel: 'None',
  membershipType: 'None',
  isBofAdmin: false,
  isFirstLogin: false,
  unclaimedMembershipAccountId: null,
  isChallenged: false,
  isUserDataComplete: false,
};

describe('the domain errors', () => {
  it('each carry a stable snake_case code and are DomainErrors', () => {
    const errors = [
      new AuthError(),
      new FieldValidationError([]),
      new UnauthorizedError('u1'),
      new AcademicEmailConfirmationError(),
      new InvalidAcademicEmailError(),
      new SeatAllocationError('NO_SEATS_REMAINING'),
      new SubscriptionPurchaseError('INELIGIBLE_FOR_TRIAL', 'No second trial.'),
      new SubscriptionPurchase3DSSecureError({
        accountCode: 'a',
        billingToken: 'b',
        threeDSecureActionToken: 'c',
      }),
      new SubscriptionUpgradeError('No upgrade from this plan.', 'NOT_AN_UPGRADE'),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(error.message.length).toBeGreaterThan(0);
    }
    expect(new Set(errors.map((e) => e.code)).size).toBe(errors.length);
    expect(new SeatAllocationError('INVALID_SEAT_REQUEST').message).toBe('The seat request is not valid.');
  });
});

describe('fieldValidationErrorFrom', () => {
  it('keeps every issue, with its path as strings and its code', () => {
    const error = fieldValidationErrorFrom([
      { message: 'Enter your first name.', path: ['input', 'firstName'], code: 'too_small' } as never,
      { message: 'Choose a country.', path: ['input', { key: 'country' }] },
      { message: 'Bad item.', path: ['input', 'items', 2] },
      { message: 'Whole input is wrong.' },
    ]);
    expect(error).toBeInstanceOf(FieldValidationError);
    expect(error.fieldErrors).toEqual([
      { path: ['input', 'firstName'], code: 'too_small', message: 'Enter your first name.' },
      { path: ['input', 'country'], code: 'invalid', message: 'Choose a country.' },
      { path: ['input', 'items', '2'], code: 'invalid', message: 'Bad item.' },
      { path: [], code: 'invalid', message: 'Whole input is wrong.' },
    ]);
  });
});

describe('unauthorizedErrorFor', () => {
  const scope = (name: string, parameter: unknown = true) =>
    ({ kind: 'AuthScope', scope: name, parameter, error: null }) as AuthFailure;

  it('tells an anonymous request to sign in, whatever scope failed', () => {
    expect(unauthorizedErrorFor(null, scope('admin'))).toBeInstanceOf(AuthError);
    expect(
      unauthorizedErrorFor(null, scope('organisationRole', { accountId: 'a', roles: [] })),
    ).toBeInstanceOf(AuthError);
  });

  it('tells a signed-in reader they lack the role, naming the organisation account when there is one', () => {
    const plain = unauthorizedErrorFor(viewer, scope('admin'));
    expect(plain).toBeInstanceOf(UnauthorizedError);
    expect(plain).toMatchObject({ requesterUserId: 'u1', accountId: null });
    const nested = unauthorizedErrorFor(viewer, {
      kind: 'AnyAuthScopes',
      failures: [scope('admin'), scope('organisationRole', { accountId: 'acct-9', roles: ['OWNER'] })],
    } as AuthFailure);
    expect(nested).toMatchObject({ requesterUserId: 'u1', accountId: 'acct-9', code: 'not_authorised' });
  });
});
