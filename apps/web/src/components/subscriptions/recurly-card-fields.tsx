'use client';

import { useEffect } from 'react';
import { CardElement, ThreeDSecureAction, useRecurly } from '@recurly/react-recurly';

/** Exchanges the form's card for a Recurly.js token; rejects with Recurly.js's message for the reader. */
export type CardTokenizer = (form: HTMLFormElement) => Promise<string>;

/**
 * Recurly.js's card element (number, expiry and security code in Recurly's own frames: the card never
 * touches this site). Hands the form a tokenizer; name, postcode and country come from the form's
 * `data-recurly` fields.
 */
export function RecurlyCardFields({ onTokenizer }: { onTokenizer: (tokenize: CardTokenizer) => void }) {
  const recurly = useRecurly();
  useEffect(() => {
    onTokenizer(
      (form) =>
        new Promise((resolve, reject) => {
          recurly.token(form, (error, token) => {
            if (error) reject(new Error(error.message || 'Please check your card details.'));
            else resolve(token.id);
          });
        }),
    );
  }, [recurly, onTokenizer]);
  return (
    <div>
      <p id="pay-card-label" className="mb-1 block text-sm font-medium">
        Card
      </p>
      <div
        role="group"
        aria-labelledby="pay-card-label"
        className="rounded border border-muted bg-paper px-3 py-2"
        data-testid="recurly-card"
      >
        <CardElement style={{ fontSize: '16px' }} />
      </div>
    </div>
  );
}

/** The bank's 3-D Secure check, run by Recurly.js in the page; it answers with a result token. */
export function RecurlyChallenge(props: {
  actionTokenId: string;
  onResult: (resultToken: string) => void;
  onFailure: (message: string) => void;
}) {
  return (
    <div className="mt-6">
      <p className="text-sm">Your bank asks you to confirm this payment.</p>
      <ThreeDSecureAction
        className="mt-3 min-h-[400px] rounded border border-rule"
        actionTokenId={props.actionTokenId}
        onToken={(token) => props.onResult(token.id)}
        onError={(error) => props.onFailure(error.message)}
      />
    </div>
  );
}
