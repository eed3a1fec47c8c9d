import type { ReferenceEntry } from './reference-item';

/** Who owns an organisation. */
export const COMPANY_OWNERSHIP: readonly ReferenceEntry[] = [
  { key: 'publicly-listed', title: 'Publicly listed' },
  { key: 'privately-held', title: 'Privately held' },
  { key: 'family-owned', title: 'Family-owned' },
  { key: 'founder-owned', title: 'Founder-owned' },
  { key: 'private-equity-backed', title: 'Private equity-backed' },
  { key: 'venture-backed', title: 'Venture-backed' },
  { key: 'group-subsidiary', title: 'Part of a group' },
  { key: 'employee-owned', title: 'Employee-owned' },
  { key: 'cooperative', title: 'Co-operative' },
  { key: 'state-owned', title: 'State-owned' },
  { key: 'non-profit', title: 'Non-profit' },
];
