import type { ReferenceEntry } from './reference-item';

/** Organisation headcount bands, smallest first. */
export const COMPANY_SIZES: readonly ReferenceEntry[] = [
  { key: 'self-employed', title: 'Self-employed' },
  { key: '2-10', title: '2–10 employees' },
  { key: '11-50', title: '11–50 employees' },
  { key: '51-200', title: '51–200 employees' },
  { key: '201-500', title: '201–500 employees' },
  { key: '501-1000', title: '501–1,000 employees' },
  { key: '1001-5000', title: '1,001–5,000 employees' },
  { key: '5001-10000', title: '5,001–10,000 employees' },
  { key: '10001-plus', title: '10,001+ employees' },
];
