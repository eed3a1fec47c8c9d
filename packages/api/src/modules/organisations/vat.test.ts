import { describe, expect, it } from 'vitest';
import {
  createSimulatedVatRegistry,
  createViesRegistry,
  SIMULATED_VIES_NUMBERS,
  validateVat,
  vatNumberSchema,
  type VatRegistry,
} from './vat';

/** Answers as VIES answered (recorded REST exchanges: GET /ms/{prefix}/vat/{number}). */
const recorded = (status: number, body: unknown) =>
  createViesRegistry({ fetch: async () => new Response(JSON.stringify(body), { status }) });

const VIES_VALID = {
  isValid: true,
  requestDate: '2026-11-20T10:00:00.000Z',
  userError: 'VALID',
  name: 'X',
  address: 'Y',
};
const VIES_INVALID = {
  isValid: false,
  requestDate: '2026-11-20T10:00:00.000Z',
  userError: 'INVALID',
  name: '---',
  address: '---',
};
const VIES_MS_DOWN = { isValid: false, requestDate: '2026-11-20T10:00:00.000Z', userError: 'MS_UNAVAILABLE' };

describe('VAT numbers', () => {
  it('refuses spaces, lower case and a missing prefix with a clear message', () => {
    expect(vatNumberSchema.safeParse('DE 136695976').error?.issues[0]?.message).toContain('without spaces');
    expect(vatNumberSchema.safeParse('de136695976').error?.issues[0]?.message).toContain('capital');
    expect(vatNumberSchema.safeParse('136695976').success).toBe(false);
    expect(vatNumberSchema.safeParse('DE136695976').success).toBe(true);
  });

  it('reverse-charges a valid EU number the register confirms', async () => {
    expect(await validateVat(recorded(200, VIES_VALID), 'DE136695976')).toMatchObject({
      status: 'VALID',
      countryCode: 'DE',
      isVerified: true,
      reverseCharge: true,
    });
  });

  it('never says valid when the register is down or unreachable', async () => {
    const down: VatRegistry[] = [
      recorded(200, VIES_MS_DOWN),
      recorded(500, { actionSucceed: false }),
      recorded(200, 'not json of VIES'),
      createViesRegistry({ fetch: async () => Promise.reject(new Error('ECONNRESET')) }),
    ];
    for (const registry of down) {
      expect(await validateVat(registry, 'DE136695976')).toMatchObject({
        status: 'COULD_NOT_VERIFY',
        isVerified: false,
        reverseCharge: false,
      });
    }
  });

  it('refuses numbers the register does not know, and bad check digits without asking it', async () => {
    expect(await validateVat(recorded(200, VIES_INVALID), 'DE136695976')).toMatchObject({
      status: 'INVALID',
    });
    let asked = false;
    const spy: VatRegistry = { check: async () => ((asked = true), 'valid') };
    expect(await validateVat(spy, 'DE136695977')).toMatchObject({ status: 'INVALID', isValidFormat: false });
    expect(asked).toBe(false);
  });

  it('checks GB numbers for form only, without reverse charge', async () => {
    const registry = createSimulatedVatRegistry();
    expect(await validateVat(registry, 'GB980780684')).toMatchObject({
      status: 'VALID',
      isVerified: false,
      reverseCharge: false,
    });
    expect(await validateVat(registry, 'GB980780685')).toMatchObject({ status: 'INVALID' });
  });

  it('has simulator numbers for the register saying no, and being down', async () => {
    const registry = createSimulatedVatRegistry();
    expect((await validateVat(registry, SIMULATED_VIES_NUMBERS.unregistered)).status).toBe('INVALID');
    expect((await validateVat(registry, SIMULATED_VIES_NUMBERS.unavailable)).status).toBe('COULD_NOT_VERIFY');
    expect((await validateVat(registry, 'EL094259216')).countryCode).toBe('GR');
  });
});
