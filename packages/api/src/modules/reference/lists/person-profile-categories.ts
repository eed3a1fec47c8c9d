import type { ReferenceEntry } from './reference-item';

/** The categories people's profiles are grouped by. */
export const PERSON_PROFILE_CATEGORIES: readonly ReferenceEntry[] = [
  { key: 'creatives', title: 'Creatives' },
  { key: 'executives', title: 'Executives' },
  { key: 'entrepreneurs', title: 'Entrepreneurs' },
  { key: 'media', title: 'Media' },
  { key: 'catalysts', title: 'Catalysts' },
  { key: 'investors', title: 'Investors' },
  { key: 'retailers', title: 'Retailers' },
  { key: 'models', title: 'Models' },
  { key: 'photographers', title: 'Photographers' },
  { key: 'stylists', title: 'Stylists' },
  { key: 'educators', title: 'Educators' },
];
