import { checkVAT, countries } from 'jsvat';
import { z } from 'zod';

/** Where the product's seller is established: a valid EU VAT number of any other country reverse-charges. */
export const SELLER_COUNTRY = 'GB';

/** The 27 member states, by the prefix their VAT numbers carry (Greece's is EL). */
const EU_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/** A VAT number as it is entered: its country prefix and digits, in capitals, with no spaces or dots. */
export const vatNumberSchema = z
  .string({ error: 'Enter the VAT number.' })
  .max(20, 'A VAT number is at most 20 characters.')
  .refine((v) => !/\s/.test(v), 'Enter the VAT number without spaces, like DE136695976.')
  .refine((v) => v === v.toUpperCase(), 'Enter the VAT number in capital letters, like DE136695976.')
  .refine(
    (v) => /^[A-Z]{2}[A-Z0-9+*]{2,13}$/.test(v),
    'Enter the VAT number with its country prefix, like DE136695976.',
  );

/** What the EU's VIES register says of a number, or that it could not be asked now. */
export type RegistryAnswer = 'valid' | 'invalid' | 'unavailable';

/** The port over the VIES register (the real service in production, a simulator on the embedded defaults). */
export interface VatRegistry {
  check(prefix: string, number: string): Promise<RegistryAnswer>;
}

export type VatStatus = 'VALID' | 'INVALID' | 'COULD_NOT_VERIFY';

export interface VatValidation {
  vatNumber: string;
  /** ISO 3166-1 alpha-2 (Greece is GR, though its numbers start EL). */
  countryCode: string | null;
  isValidFormat: boolean;
  status: VatStatus;
  /** Whether the register confirmed the number (a GB number is checked for its form only). */
  isVerified: boolean;
  /** A valid EU number outside the seller's country: no VAT is charged, the buyer accounts for it. */
  reverseCharge: boolean;
  message: string;
}

/**
 * Checks a VAT number: its form and check digits for its country (jsvat), then, for EU numbers, the
 * VIES register. An outage of the register is "could not verify now", never "valid".
 */
export async function validateVat(registry: VatRegistry, vatNumber: string): Promise<VatValidation> {
  const prefix = vatNumber.slice(0, 2);
  const format = checkVAT(vatNumber, countries);
  const countryCode = format.country?.isoCode.short ?? null;
  const base = { vatNumber, countryCode, isValidFormat: format.isValid };
  if (!format.isSupportedCountry) {
    return {
      ...base,
      status: 'INVALID',
      isVerified: false,
      reverseCharge: false,
      message: 'VAT numbers of this country are not accepted.',
    };
  }
  if (!format.isValid) {
    return {
      ...base,
      status: 'INVALID',
      isVerified: false,
      reverseCharge: false,
      message: 'This is not a valid VAT number for its country.',
    };
  }
  if (!EU_PREFIXES.has(prefix)) {
    return {
      ...base,
      status: 'VALID',
      isVerified: false,
      reverseCharge: false,
      message: 'The VAT number is well formed.',
    };
  }
  const answer = await registry.check(prefix, vatNumber.slice(2)).catch((): RegistryAnswer => 'unavailable');
  if (answer === 'unavailable') {
    return {
      ...base,
      status: 'COULD_NOT_VERIFY',
      isVerified: false,
      reverseCharge: false,
      message: 'The EU VAT register could not confirm the number just now; VAT is charged until it can.',
    };
  }
  if (answer === 'invalid') {
    return {
      ...base,
      status: 'INVALID',
      isVerified: false,
      reverseCharge: false,
      message: 'The EU VAT register does not know this number.',
    };
  }
  const reverseCharge = countryCode !== SELLER_COUNTRY;
  return {
    ...base,
    status: 'VALID',
    isVerified: true,
    reverseCharge,
    message: reverseCharge
      ? 'VAT reverse charge: no VAT is charged; you account for it in your country.'
      : 'The VAT number is registered.',
  };
}

const viesAnswerSchema = z.object({ isValid: z.boolean(), userError: z.string().optional() });

/**
 * The VIES REST service. Only a clear answer counts: an HTTP failure, a timeout, or a member state's
 * register being down (userError other than VALID / INVALID) is "unavailable".
 */
export function createViesRegistry(
  options: {
    fetch?: typeof fetch;
    baseUrl?: string;
    timeoutMs?: number;
  } = {},
): VatRegistry {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl ?? 'https://ec.europa.eu/taxation_customs/vies/rest-api';
  return {
    async check(prefix, number) {
      let response: Response;
      try {
        response = await doFetch(
          `${base}/ms/${encodeURIComponent(prefix)}/vat/${encodeURIComponent(number)}`,
          {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
          },
        );
      } catch {
        return 'unavailable';
      }
      if (!response.ok) return 'unavailable';
      const parsed = viesAnswerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) return 'unavailable';
      const { isValid, userError } = parsed.data;
      if (userError === 'VALID' || (isValid && userError === undefined)) return isValid ? 'valid' : 'invalid';
      if (userError === 'INVALID') return 'invalid';
      return 'unavailable';
    },
  };
}

/**
 * The embedded stand-in for VIES (like the billing simulator's test cards): a number with valid check
 * digits is registered, except the test numbers below, which answer as the register would.
 */
export const SIMULATED_VIES_NUMBERS = {
  /** Valid check digits, not in the register. */
  unregistered: 'DE111111125',
  /** The member state's register is down. */
  unavailable: 'FR40303265045',
} as const;

export function createSimulatedVatRegistry(): VatRegistry {
  return {
    async check(prefix, number) {
      const full = `${prefix}${number}`;
      if (full === SIMULATED_VIES_NUMBERS.unregistered) return 'invalid';
      if (full === SIMULATED_VIES_NUMBERS.unavailable) return 'unavailable';
      return 'valid';
    },
  };
}
