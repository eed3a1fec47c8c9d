/**
 * The simulator's test cards (docs/billing.md). Any expiry in the future and any three-digit CVC work.
 * Card numbers never leave the tokenisation step: the simulator keeps brand, first six and last four.
 */
export const TEST_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
} as const;

export type CardBehaviour = 'success' | 'declined' | 'three-d-secure';

/** How the simulator treats a card number; any other valid number behaves like the success card. */
export function cardBehaviour(number: string): CardBehaviour {
  if (number === TEST_CARDS.declined) return 'declined';
  if (number === TEST_CARDS.threeDSecure) return 'three-d-secure';
  return 'success';
}

/** Luhn check: a mistyped number is refused before anything else. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Unknown';
}
