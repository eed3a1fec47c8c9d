/** Spec §3 taxInfo: rate (a fraction, 0.2 for 20 %), region and kind of tax. */
export interface TaxInfo {
  rate: number;
  region: string;
  type: 'VAT' | 'GST' | 'none';
}

/**
 * The tax charged on digital subscriptions by the reader's country (docs/billing.md). Consumer sales of
 * electronically supplied services are taxed where the buyer lives: VAT in the UK and the EU, GST in
 * India. US states are not charged in this table (the Recurly adapter uses Recurly's tax service there).
 */
const TAX_TABLE: Record<string, TaxInfo> = {
  GB: { rate: 0.2, region: 'GB', type: 'VAT' },
  IE: { rate: 0.23, region: 'IE', type: 'VAT' },
  FR: { rate: 0.2, region: 'FR', type: 'VAT' },
  DE: { rate: 0.19, region: 'DE', type: 'VAT' },
  IT: { rate: 0.22, region: 'IT', type: 'VAT' },
  ES: { rate: 0.21, region: 'ES', type: 'VAT' },
  NL: { rate: 0.21, region: 'NL', type: 'VAT' },
  BE: { rate: 0.21, region: 'BE', type: 'VAT' },
  PT: { rate: 0.23, region: 'PT', type: 'VAT' },
  AT: { rate: 0.2, region: 'AT', type: 'VAT' },
  DK: { rate: 0.25, region: 'DK', type: 'VAT' },
  SE: { rate: 0.25, region: 'SE', type: 'VAT' },
  FI: { rate: 0.255, region: 'FI', type: 'VAT' },
  PL: { rate: 0.23, region: 'PL', type: 'VAT' },
  IN: { rate: 0.18, region: 'IN', type: 'GST' },
};

/** The tax for a country (ISO 3166-1 alpha-2); none where the table has no entry. */
export function taxFor(country: string): TaxInfo {
  return TAX_TABLE[country.toUpperCase()] ?? { rate: 0, region: country.toUpperCase(), type: 'none' };
}

/** Tax on a net amount in minor units, rounded half up to the minor unit. */
export function taxOn(net: number, tax: TaxInfo): number {
  return Math.round(net * tax.rate);
}
