import { createHash } from 'node:crypto';
import type { OrganisationDocument, PersonDocument, ProjectRecord } from './profiles.types';

// The demo set of people and organisations: invented names composed from invented parts, so no real
// person or company is described. Everything follows from the lists below, so every run makes the same set.

const FIRST_NAMES = [
  'Adaeze',
  'Alessio',
  'Amara',
  'Anouk',
  'Arlo',
  'Beatrix',
  'Bilal',
  'Calla',
  'Caspian',
  'Dagny',
  'Dario',
  'Elodie',
  'Emeka',
  'Esmé',
  'Farid',
  'Freya',
  'Gideon',
  'Hana',
  'Idris',
  'Ines',
  'Jun',
  'Kalani',
  'Leopold',
  'Liesel',
  'Malik',
  'Mireille',
  'Nadia',
  'Niko',
  'Oona',
  'Orsolya',
  'Pavel',
  'Priya',
  'Quentin',
  'Rafaela',
  'Saoirse',
  'Sven',
  'Tamsin',
  'Teodor',
  'Ulla',
  'Valentin',
  'Wren',
  'Xiomara',
  'Yusuf',
  'Zelie',
  'Björn',
  'Chiara',
  'Desmond',
  'Noémie',
  'Rohan',
  'Solveig',
];
const LAST_NAMES = [
  'Abernot',
  'Belcastro',
  'Corvane',
  'Dallowen',
  'Eskerud',
  'Falconet',
  'Grislow',
  'Hartvane',
  'Ilvento',
  'Jassaro',
  'Kellaway',
  'Lindqvar',
  'Morrenau',
  'Navarine',
  'Oakridan',
  'Pellisier',
  'Quellmont',
  'Rosquet',
  'Sandervel',
  'Tavernel',
  'Ulverin',
  'Varolli',
  'Wexmoor',
  'Yardlow',
  'Zanferro',
  'Ashcombe-Reyes',
  'Brévanne',
  'Castellund',
  'Dunmarrow',
  'Ekwuaro',
];
const ORG_PREFIXES = ['Atelier', 'Maison', 'Studio', 'House of', 'Casa', 'Officina'];
const ORG_STEMS = [
  'Norvane',
  'Célestin',
  'Verrault',
  'Lumière Noire',
  'Ostrava',
  'Halcyon',
  'Marisol',
  'Tessaline',
  'Oberline',
  'Quintarra',
  'Vellichor',
  'Brume',
];
const CATEGORIES = [
  'creatives',
  'executives',
  'entrepreneurs',
  'media',
  'catalysts',
  'investors',
  'retailers',
  'models',
  'photographers',
  'stylists',
  'educators',
];
const COUNTRIES = ['GB', 'FR', 'IT', 'US', 'JP', 'NG', 'DE', 'ES', 'KR', 'IN', 'BR', 'SE', 'DK', 'CN', 'AU'];
const CITIES: Record<string, string> = {
  GB: 'London',
  FR: 'Paris',
  IT: 'Milan',
  US: 'New York',
  JP: 'Tokyo',
  NG: 'Lagos',
  DE: 'Berlin',
  ES: 'Madrid',
  KR: 'Seoul',
  IN: 'Mumbai',
  BR: 'São Paulo',
  SE: 'Stockholm',
  DK: 'Copenhagen',
  CN: 'Shanghai',
  AU: 'Sydney',
};
const JOB_TITLES = [
  'Creative Director',
  'Chief Executive',
  'Head of Design',
  'Founder',
  'Chief Merchandising Officer',
  'Editor-in-Chief',
  'Head of Sustainability',
  'Design Director',
  'Chief Operating Officer',
  'Stylist',
];
const INDUSTRIES = [
  'apparel',
  'luxury',
  'footwear',
  'accessories-and-leather-goods',
  'beauty-and-personal-care',
];
const SIZES = ['11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001-10000'];
const TYPES = [
  'fashion-brand',
  'luxury-house',
  'beauty-brand',
  'department-store',
  'online-retailer',
  'manufacturer',
];
const OWNERSHIP = ['privately-held', 'family-owned', 'founder-owned', 'publicly-listed', 'venture-backed'];
/** Video ids for the demo projects' YOUTUBE assets (any 11 characters of the §5 form; shown after consent). */
const VIDEO_IDS = ['aqz-KE-bpKQ', 'M7lc1UVf-VE', 'ScMzIvxBSi4', 'YE7VzlLtp-4'];

export const DEMO_PEOPLE = 500;
export const DEMO_ORGANISATIONS = 72;
export const BOF500_FIRST_YEAR = 2013;
export const BOF500_LAST_YEAR = 2025;

/** A stable uuid for a demo record, from its kind and index. */
export function demoId(kind: string, index: number): string {
  const hex = createHash('sha256').update(`bof-demo-profile:${kind}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const slugOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!;

export interface DemoOrganisation {
  id: string;
  doc: OrganisationDocument;
  projects: ProjectRecord[];
  featured: string[];
}

export interface DemoPerson {
  id: string;
  doc: PersonDocument;
  /** BoF 500 years and the category listed under. */
  bof500: { year: number; category: string }[];
}

function organisationName(index: number): string {
  const stem = pick(ORG_STEMS, index);
  const prefix = pick(ORG_PREFIXES, Math.floor(index / ORG_STEMS.length));
  return `${prefix} ${stem}`;
}

/** The demo organisations; `stories` are story slugs of the demo edition to link. */
export function demoOrganisations(stories: readonly string[]): DemoOrganisation[] {
  return Array.from({ length: DEMO_ORGANISATIONS }, (_, i) => {
    const id = demoId('organisation', i);
    const title = organisationName(i);
    const country = pick(COUNTRIES, i * 7);
    const slug = slugOf(title);
    const projects: ProjectRecord[] = Array.from({ length: i % 3 }, (_, p) => ({
      projectId: demoId(`project-${i}`, p),
      profileId: id,
      slug: `${slug}-project-${p + 1}`,
      title: p === 0 ? `${title}: the archive` : `${title}: the workshop film`,
      description: `<p>An invented project of ${title}, made for the demo edition.</p>`,
      thumbnail: null,
      assets:
        p === 0
          ? []
          : [
              {
                type: 'YOUTUBE',
                url: `https://www.youtube.com/watch?v=${pick(VIDEO_IDS, i)}`,
                description: 'Film',
              },
            ],
      position: p,
    }));
    const doc: OrganisationDocument = {
      slug,
      title,
      summary: `${title} is an invented ${pick(TYPES, i).replace(/-/g, ' ')} based in ${CITIES[country]}.`,
      editorialDescription: `<p>${title} exists only in the demo edition. Its story is told in the linked articles.</p>`,
      premiumDescription: i % 4 === 0 ? `<p>Members read how ${title} plans its next decade.</p>` : '',
      format: i % 4 === 0 ? 'PREMIUM' : i % 4 === 1 ? 'SEO' : 'DEFAULT',
      coverImage: null,
      profileThumbnail: null,
      headquarters: {
        addressLine1: `${10 + i} Rue Imaginaire`,
        addressLine2: null,
        areaCode: null,
        state: null,
        city: CITIES[country]!,
        country,
      },
      externalLinks: [{ label: 'Website', url: `https://${slug}.example.com/` }],
      socialLinks: [],
      programLinks: [],
      linkedArticles:
        stories.length > 0
          ? [pick(stories, i), pick(stories, i + 5)].filter((s, k, all) => all.indexOf(s) === k)
          : [],
      cultureQaArticle: null,
      keyPeople: [0, DEMO_ORGANISATIONS].map((offset) => ({
        personProfileId: demoId('person', i + offset),
        role: pick(JOB_TITLES, i + offset),
      })),
      children: i < 6 ? [demoId('organisation', i + 12)] : [],
      relatedCompanies: i > 0 ? [demoId('organisation', i - 1)] : [],
      recruiter: i % 5 === 0,
      pinnedProject: projects[0]?.projectId ?? null,
      organisationIndustry: pick(INDUSTRIES, i),
      organisationSize: pick(SIZES, i * 3),
      organisationType: pick(TYPES, i),
      ownershipType: pick(OWNERSHIP, i * 2),
      yearEstablished: 1890 + ((i * 17) % 130),
      isLinkable: true,
    };
    return {
      id,
      doc,
      projects,
      featured: i < 8 ? ['HOMEPAGE_COMPONENT', 'ORGANISATION_INDEX'] : i < 20 ? ['ORGANISATION_INDEX'] : [],
    };
  });
}

/** The demo people: careers and education at demo organisations, and a BoF 500 place each. */
export function demoPeople(): DemoPerson[] {
  const years = BOF500_LAST_YEAR - BOF500_FIRST_YEAR + 1;
  return Array.from({ length: DEMO_PEOPLE }, (_, i) => {
    const firstName = pick(FIRST_NAMES, i);
    const lastName = pick(LAST_NAMES, i * 7 + Math.floor(i / FIRST_NAMES.length));
    const country = pick(COUNTRIES, i * 3 + 1);
    const category = pick(CATEGORIES, i * 5);
    const firstYear = BOF500_FIRST_YEAR + (i % years);
    const bof500 = Array.from({ length: 1 + (i % 3) }, (_, k) => firstYear + k * 2)
      .filter((year) => year <= BOF500_LAST_YEAR)
      .map((year) => ({ year, category }));
    const doc: PersonDocument = {
      slug: `${slugOf(`${firstName} ${lastName}`)}-${i + 1}`,
      title: `${pick(JOB_TITLES, i)}, ${organisationName(i % DEMO_ORGANISATIONS)}`,
      firstName,
      lastName,
      subtitle: pick(JOB_TITLES, i),
      summary: `${firstName} ${lastName} is an invented person of the demo edition, listed among the ${category}.`,
      editorialDescription: `<p>${firstName} ${lastName} does not exist: this profile shows how the product presents people.</p>`,
      format: i % 10 === 0 ? 'PREMIUM' : 'DEFAULT',
      category,
      careers: [
        {
          jobTitle: pick(JOB_TITLES, i),
          organisationId: demoId('organisation', i % DEMO_ORGANISATIONS),
          timePeriod: `${2015 + (i % 8)}–present`,
        },
        {
          jobTitle: pick(JOB_TITLES, i + 3),
          organisationId: demoId('organisation', (i + 11) % DEMO_ORGANISATIONS),
          timePeriod: `${2008 + (i % 6)}–${2015 + (i % 8)}`,
        },
      ],
      education: [
        {
          description: 'Fashion design',
          organisationId: null,
          timePeriod: `${2002 + (i % 6)}–${2005 + (i % 6)}`,
        },
      ],
      location: { city: CITIES[country]!, country },
      nationalities: [country],
      yearBorn: 1960 + (i % 35),
      yearPassed: null,
      profileCover: null,
      profileThumbnail: null,
      socialLinks: [],
      condensedHeader: false,
      isLinkable: true,
    };
    return { id: demoId('person', i), doc, bof500 };
  });
}
