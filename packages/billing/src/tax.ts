/** Spec §3 taxInfo: rate (a fraction, 0.2 for 20 %), region and kind of tax. */
export interface TaxInfo {
  rate: number;
  region: string;
  type: 'VAT' | 'GST' | 'none';
}

const vat = (region: string, rate: number): TaxInfo => ({ rate, region, type: 'VAT' });
const gst = (region: string, rate: number): TaxInfo => ({ rate, region, type: 'GST' });

/**
 * The tax on digital subscriptions sold to consumers, by the buyer's country (docs/billing.md, rates in
 * force on 1 January 2026). Electronically supplied services are taxed where the buyer lives: the
 * standard VAT rate of each EU member state (the One-Stop Shop), the UK, Switzerland and Norway; GST in
 * Australia, New Zealand and India. The United States and every country not listed are charged no tax
 * here: US sales tax depends on the state and on nexus, and with Recurly configured its tax service
 * decides it from the billing address.
 */
export const TAX_TABLE: Readonly<Record<string, TaxInfo>> = Object.freeze({
  // The 27 EU member states, standard rates.
  AT: vat('AT', 0.2),
  BE: vat('BE', 0.21),
  BG: vat('BG', 0.2),
  CY: vat('CY', 0.19),
  CZ: vat('CZ', 0.21),
  DE: vat('DE', 0.19),
  DK: vat('DK', 0.25),
  EE: vat('EE', 0.24),
  ES: vat('ES', 0.21),
  FI: vat('FI', 0.255),
  FR: vat('FR', 0.2),
  GR: vat('GR', 0.24),
  HR: vat('HR', 0.25),
  HU: vat('HU', 0.27),
  IE: vat('IE', 0.23),
  IT: vat('IT', 0.22),
  LT: vat('LT', 0.21),
  LU: vat('LU', 0.17),
  LV: vat('LV', 0.21),
  MT: vat('MT', 0.18),
  NL: vat('NL', 0.21),
  PL: vat('PL', 0.23),
  PT: vat('PT', 0.23),
  RO: vat('RO', 0.21),
  SE: vat('SE', 0.25),
  SI: vat('SI', 0.22),
  SK: vat('SK', 0.23),
  // Elsewhere in Europe.
  GB: vat('GB', 0.2),
  CH: vat('CH', 0.081),
  NO: vat('NO', 0.25),
  // GST.
  AU: gst('AU', 0.1),
  NZ: gst('NZ', 0.15),
  IN: gst('IN', 0.18),
});

/** The tax for a country (ISO 3166-1 alpha-2); none where the table has no entry. */
export function taxFor(country: string): TaxInfo {
  const code = country.toUpperCase();
  return TAX_TABLE[code] ?? { rate: 0, region: code, type: 'none' };
}

/** Tax on a net amount in minor units, rounded half up to the minor unit. */
export function taxOn(net: number, tax: TaxInfo): number {
  return Math.round(net * tax.rate);
}
