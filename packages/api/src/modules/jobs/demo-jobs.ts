import { demoId, demoOrganisations } from '../profiles/demo-profiles';
import { JOB_INDUSTRIES } from '../reference/lists/job-industries';
import type { Workplace } from './jobs.inputs';
import { jobSlug } from './job-slug';
import type { NewJob } from './jobs.repo';

// The demo careers board: invented listings at invented demo organisations, so no real employer or
// vacancy is described. Everything follows from the lists below; dates count from the seed's run.

export const DEMO_JOB_EMPLOYERS = 20;
export const DEMO_JOBS = 66;
const DAY = 86_400_000;

interface Role {
  title: string;
  fn: string;
  level: string;
  salary: [number, number] | null;
  duties: string;
}

const ROLES: readonly Role[] = [
  {
    title: 'Junior Designer, Womenswear',
    fn: 'design',
    level: 'entry-level',
    salary: [28_000, 34_000],
    duties: 'develop seasonal womenswear ranges from first sketch to fitted sample',
  },
  {
    title: 'Senior Menswear Designer',
    fn: 'design',
    level: 'senior-manager',
    salary: [62_000, 75_000],
    duties: 'lead the menswear design studio through two main collections a year',
  },
  {
    title: 'Merchandise Planner',
    fn: 'merchandising',
    level: 'associate',
    salary: [38_000, 46_000],
    duties: 'plan assortments and stock depth across stores and e-commerce',
  },
  {
    title: 'Buyer, Accessories',
    fn: 'buying',
    level: 'manager',
    salary: [48_000, 58_000],
    duties: 'build the accessories buy with brand partners and own its margin',
  },
  {
    title: 'Assistant Buyer, Footwear',
    fn: 'buying',
    level: 'entry-level',
    salary: [27_000, 31_000],
    duties: 'support the footwear buyer with orders, deliveries and range reviews',
  },
  {
    title: 'Sourcing Manager',
    fn: 'sourcing-and-production',
    level: 'manager',
    salary: [55_000, 65_000],
    duties: 'work with mills and makers on cost, quality and responsible sourcing',
  },
  {
    title: 'Production Coordinator',
    fn: 'sourcing-and-production',
    level: 'associate',
    salary: null,
    duties: 'track samples and bulk production from order to delivery',
  },
  {
    title: 'Supply Chain Analyst',
    fn: 'supply-chain-and-logistics',
    level: 'associate',
    salary: [40_000, 48_000],
    duties: 'model lead times and find where the supply chain loses days',
  },
  {
    title: 'Store Manager, Flagship',
    fn: 'retail-and-store-operations',
    level: 'manager',
    salary: [45_000, 52_000],
    duties: 'run the flagship store’s team, service and sales',
  },
  {
    title: 'Client Adviser',
    fn: 'retail-and-store-operations',
    level: 'entry-level',
    salary: [26_000, 30_000],
    duties: 'look after clients in store and build lasting relationships',
  },
  {
    title: 'Visual Merchandiser',
    fn: 'visual-merchandising',
    level: 'associate',
    salary: [30_000, 36_000],
    duties: 'dress windows and floors to tell each season’s story',
  },
  {
    title: 'E-commerce Manager',
    fn: 'e-commerce-and-digital',
    level: 'manager',
    salary: [58_000, 70_000],
    duties: 'grow online sales and run the trading calendar of the web shop',
  },
  {
    title: 'Product Owner, Digital',
    fn: 'e-commerce-and-digital',
    level: 'senior-manager',
    salary: [70_000, 85_000],
    duties: 'lead a product team improving the shopping experience on web and app',
  },
  {
    title: 'Marketing Director',
    fn: 'marketing',
    level: 'director',
    salary: [95_000, 120_000],
    duties: 'set the brand’s marketing strategy and lead its team',
  },
  {
    title: 'CRM Executive',
    fn: 'marketing',
    level: 'associate',
    salary: [32_000, 38_000],
    duties: 'plan and send client communications that people want to open',
  },
  {
    title: 'Communications Manager',
    fn: 'communications-and-pr',
    level: 'manager',
    salary: [50_000, 60_000],
    duties: 'tell the house’s story to press, partners and the public',
  },
  {
    title: 'PR Intern',
    fn: 'communications-and-pr',
    level: 'intern',
    salary: null,
    duties: 'help the press office with samples, shows and coverage reports',
  },
  {
    title: 'Brand Manager',
    fn: 'brand-management',
    level: 'manager',
    salary: [52_000, 62_000],
    duties: 'keep the brand consistent across products, stores and campaigns',
  },
  {
    title: 'Stylist, Content Studio',
    fn: 'styling',
    level: 'associate',
    salary: [33_000, 40_000],
    duties: 'style product and campaign shoots in the in-house studio',
  },
  {
    title: 'Photographer, E-commerce',
    fn: 'photography-and-content',
    level: 'associate',
    salary: [34_000, 40_000],
    duties: 'shoot product and on-model images for the web shop',
  },
  {
    title: 'Head of Creative',
    fn: 'creative-direction',
    level: 'director',
    salary: [110_000, 140_000],
    duties: 'shape the brand’s visual identity across every channel',
  },
  {
    title: 'Product Developer, Knitwear',
    fn: 'product-development',
    level: 'associate',
    salary: [36_000, 43_000],
    duties: 'take knitwear from design brief to approved sample with the factories',
  },
  {
    title: 'General Manager, Europe',
    fn: 'general-management',
    level: 'vice-president',
    salary: [150_000, 190_000],
    duties: 'lead the European business and its teams',
  },
];

const WORKPLACES: readonly Workplace[] = ['ON_SITE', 'HYBRID', 'REMOTE', 'HYBRID', 'ON_SITE'];
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  GB: 'GBP',
  FR: 'EUR',
  IT: 'EUR',
  DE: 'EUR',
  ES: 'EUR',
  IN: 'INR',
  US: 'USD',
};
const INR_PER_GBP = 105;
const INDUSTRY_KEYS = new Set(JOB_INDUSTRIES.map((e) => e.key));

/** Which demo organisations hire, by index: every third one, so the set mixes types and countries. */
export const demoEmployerIndexes = () => Array.from({ length: DEMO_JOB_EMPLOYERS }, (_, i) => i * 3);

/**
 * The demo listings at `at` (the seed's run): published, most open, a few featured, several closed
 * lately (their pages still answer) and two closed over 30 days ago (their pages answer 410).
 */
export function demoJobs(at: Date): NewJob[] {
  const organisations = demoOrganisations([]);
  const employers = demoEmployerIndexes().map((i) => organisations[i]!);
  return Array.from({ length: DEMO_JOBS }, (_, n) => {
    const employer = employers[n % employers.length]!;
    const role = ROLES[(n * 7) % ROLES.length]!;
    const id = demoId('job', n);
    const country = employer.doc.headquarters?.country ?? 'GB';
    const city = employer.doc.headquarters?.city ?? 'London';
    const workplace = WORKPLACES[n % WORKPLACES.length]!;
    const currency = CURRENCY_BY_COUNTRY[country] ?? 'USD';
    const scale = currency === 'INR' ? INR_PER_GBP : 1;
    const salary = n % 4 === 3 ? null : role.salary;
    const publishedDaysAgo = 1 + ((n * 5) % 40);
    const closesInDays =
      n >= DEMO_JOBS - 2 ? -(35 + (n % 5)) : n >= DEMO_JOBS - 6 ? -(3 + (n % 7)) : 10 + ((n * 11) % 80);
    const apply =
      n % 3 === 0
        ? { applyEmail: `careers@${employer.doc.slug}.example.com`, applyUrl: null }
        : { applyUrl: `https://${employer.doc.slug}.example.com/careers/${n + 1}`, applyEmail: null };
    return {
      id,
      slug: jobSlug(role.title, id),
      employerProfileId: employer.id,
      title: role.title,
      location: workplace === 'REMOTE' ? `Remote (${city} time zone)` : city,
      workplace,
      jobFunction: role.fn,
      jobIndustry:
        employer.doc.organisationIndustry && INDUSTRY_KEYS.has(employer.doc.organisationIndustry)
          ? employer.doc.organisationIndustry
          : 'apparel',
      jobLevel: role.level,
      salaryMin: salary ? salary[0] * scale : null,
      salaryMax: salary ? salary[1] * scale : null,
      salaryCurrency: salary ? currency : null,
      closesAt: new Date(at.getTime() + closesInDays * DAY),
      descriptionHtml:
        `<p>${employer.doc.title} is looking for a ${role.title.toLowerCase()} to ${role.duties}.</p>` +
        `<h3>What you will do</h3><ul><li>Work closely with teams across the business.</li><li>Bring ideas, data and care to every decision.</li><li>Help us ${role.duties}.</li></ul>` +
        `<h3>About us</h3><p>${employer.doc.summary} This listing is invented for the demo edition.</p>`,
      ...apply,
      featured: n % 9 === 0,
      status: 'published',
      source: 'demo',
      externalId: null,
      submittedBy: 'demo-seed',
      reviewedBy: 'demo-seed',
      reviewedAt: new Date(at.getTime() - publishedDaysAgo * DAY),
      publishedAt: new Date(at.getTime() - publishedDaysAgo * DAY),
      createdAt: new Date(at.getTime() - (publishedDaysAgo + 1) * DAY),
    } satisfies NewJob;
  });
}
