import recurly from 'recurly';
import { BillingUnavailableError, type PurchaseOutcome } from '../billing-provider';

/** What a Recurly error means for a purchase: a definitive answer for the reader, or an outage. */
export type ErrorMeaning =
  | { kind: 'declined'; message: string }
  | { kind: 'three-d-secure'; actionTokenId: string; message: string }
  | { kind: 'not-found' }
  | { kind: 'unavailable'; reason: string; mayHaveCharged: boolean };

interface RecurlyErrorFields {
  type?: string;
  params?: { param?: string; message?: string }[];
  transactionError?: {
    code?: string | null;
    category?: string | null;
    message?: string | null;
    threeDSecureActionTokenId?: string | null;
  } | null;
}

const DECLINED = 'Your card was declined. Please use another card.';
const CARD_EXPIRED = 'The card details have expired. Please enter them again.';
const CONFIRM = 'Your bank asks you to confirm this payment.';

/** Network errors raised before a request could reach Recurly: nothing was sent, nothing was charged. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ENETUNREACH', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * Classifies an error thrown by the Recurly client. Declines and card problems are answers for the
 * reader; 3-D Secure asks for a challenge; everything else (network failure, timeout, 5xx, rate limit,
 * a rejected API key, a request Recurly finds invalid) is an outage, so the caller fails closed. An
 * outage says whether the request may have been acted on: Recurly refused it (4xx) or it never left
 * (connection refused, unknown host): no; a timeout, a dropped connection or a 5xx: perhaps.
 */
export function meaningOf(error: unknown): ErrorMeaning {
  if (!(error instanceof recurly.ApiError)) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return {
      kind: 'unavailable',
      reason: `Recurly could not be reached${code ? ` (${code})` : ''}.`,
      mayHaveCharged: !(code && NEVER_SENT.has(code)),
    };
  }
  const fields = error as unknown as RecurlyErrorFields;
  const status = error.getResponse?.()?.status;
  switch (fields.type) {
    case 'transaction': {
      const tx = fields.transactionError;
      const wantsChallenge =
        tx?.code === 'three_d_secure_action_required' || tx?.category === 'three_d_secure_action_required';
      if (wantsChallenge && tx?.threeDSecureActionTokenId) {
        return { kind: 'three-d-secure', actionTokenId: tx.threeDSecureActionTokenId, message: CONFIRM };
      }
      return { kind: 'declined', message: tx?.message || error.message || DECLINED };
    }
    case 'invalid_token':
      return { kind: 'declined', message: CARD_EXPIRED };
    case 'validation': {
      const aboutCard = (fields.params ?? []).some((p) => /billing_info|token/.test(p.param ?? ''));
      if (aboutCard) return { kind: 'declined', message: error.message || DECLINED };
      return {
        kind: 'unavailable',
        reason: `Recurly refused the request: ${error.message}`,
        mayHaveCharged: false,
      };
    }
    case 'not_found':
      return { kind: 'not-found' };
    default:
      return {
        kind: 'unavailable',
        reason: `Recurly answered ${status ?? 'with an error'} (${fields.type ?? 'unknown'}): ${error.message}`,
        mayHaveCharged: status === undefined || status >= 500,
      };
  }
}

/** A purchase's error as its outcome; an outage throws BillingUnavailableError. */
export function purchaseOutcomeOf(error: unknown): PurchaseOutcome {
  const meaning = meaningOf(error);
  switch (meaning.kind) {
    case 'declined':
    case 'three-d-secure':
      return meaning;
    case 'not-found':
      throw new BillingUnavailableError('Recurly does not know the plan or account of this purchase.', {
        cause: error,
        mayHaveCharged: false,
      });
    case 'unavailable':
      throw new BillingUnavailableError(meaning.reason, {
        cause: error,
        mayHaveCharged: meaning.mayHaveCharged,
      });
  }
}

/** Any other call's error: not found is `null` where the caller allows it; the rest fails closed. */
export function unavailable(error: unknown): BillingUnavailableError {
  if (error instanceof BillingUnavailableError) return error;
  const meaning = meaningOf(error);
  if (meaning.kind === 'unavailable') {
    return new BillingUnavailableError(meaning.reason, {
      cause: error,
      mayHaveCharged: meaning.mayHaveCharged,
    });
  }
  if (meaning.kind === 'not-found') {
    return new BillingUnavailableError('Recurly does not know that record.', {
      cause: error,
      mayHaveCharged: false,
    });
  }
  return new BillingUnavailableError(meaning.message, { cause: error, mayHaveCharged: false });
}
