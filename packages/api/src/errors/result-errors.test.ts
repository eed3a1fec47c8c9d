import { describe, expect, it } from 'vitest';
import { DomainError, hasErrorCode, isDomainError } from './domain-error';
import { asResultError, registerResultError, resultErrorTypeOf } from './result-errors';
import { SubscriptionPurchaseError } from './subscription-errors';
import { UnauthorizedError } from './unauthorized-error';

// Another module graph's copy of the error classes: same names, same brand, other classes. This is what
// the GraphQL endpoint (in the Next.js bundle) receives from services the server entry built.
const BRAND = Symbol.for('bof.domain-error');
class ForeignDomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    Object.defineProperty(this, BRAND, { value: true });
  }
}
class ForeignPurchaseError extends ForeignDomainError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super('subscription_purchase_failed', message);
  }
}

describe('errors by code', () => {
  it("turns another graph's refusal into this schema's result type, keeping its fields", () => {
    const foreign = new ForeignPurchaseError('CARD_DECLINED', 'Your card was declined.');
    expect(foreign).not.toBeInstanceOf(SubscriptionPurchaseError);
    const local = asResultError(foreign);
    expect(local).toBeInstanceOf(SubscriptionPurchaseError);
    expect(local).toMatchObject({
      code: 'subscription_purchase_failed',
      reason: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
  });

  it('makes a DomainError of an unregistered code a BaseError (DomainError), its code kept', () => {
    const local = asResultError(new ForeignDomainError('gift_limit_reached', 'You have gifted 10 stories.'));
    expect(local).toBeInstanceOf(DomainError);
    expect(local).not.toBeInstanceOf(UnauthorizedError);
    expect(local).toMatchObject({ code: 'gift_limit_reached', message: 'You have gifted 10 stories.' });
  });

  it('leaves local result errors and anything that is not a DomainError as they are', () => {
    const local = new UnauthorizedError('user-1');
    expect(asResultError(local)).toBe(local);
    const unexpected = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    expect(asResultError(unexpected)).toBe(unexpected);
    expect(isDomainError(unexpected)).toBe(false);
    expect(asResultError('text')).toBe('text');
  });

  it('knows a code by its brand, not its class, and reads provider codes too', () => {
    expect(isDomainError(new ForeignDomainError('not_authorised', 'No.'))).toBe(true);
    expect(
      hasErrorCode(Object.assign(new Error('down'), { code: 'billing_unavailable' }), 'billing_unavailable'),
    ).toBe(true);
    expect(hasErrorCode(new Error('down'), 'billing_unavailable')).toBe(false);
    expect(hasErrorCode(null, 'billing_unavailable')).toBe(false);
  });

  it('refuses a second result type for a code already taken', () => {
    class Other extends DomainError {}
    expect(() => registerResultError('not_authorised', Other)).toThrow('Two result error types');
    expect(resultErrorTypeOf('not_authorised')).toBe(UnauthorizedError);
  });
});
