import type { NewsletterGroup } from './newsletters.types';

export interface CatalogueEntry {
  newsletterId: string;
  title: string;
  description: string;
  author: string;
  badges: string[];
  newsletterGroup: NewsletterGroup;
  isExecutive?: boolean;
  isProfessional?: boolean;
  isTopic?: boolean;
  isVisibleOnOMS?: boolean;
  isPreselectedOnOMS?: boolean;
  /** A topic letter's tag: its editions are that topic's new stories. */
  topicSlug?: string;
}

/**
 * The newsletters the product starts with, in display order. The seed writes them once per version;
 * admins edit them afterwards (`updateNewsletter`), and a seed re-run leaves admin edits of a known
 * newsletter alone.
 */
export const NEWSLETTER_CATALOGUE: readonly CatalogueEntry[] = [
  {
    newsletterId: 'daily-brief',
    title: 'The Daily Brief',
    description: 'The day’s essential fashion business news and analysis, every weekday morning.',
    author: 'The Editors',
    badges: ['Most read'],
    newsletterGroup: 'DAILY',
    isVisibleOnOMS: true,
    isPreselectedOnOMS: true,
  },
  {
    newsletterId: 'retail-daily',
    title: 'Retail Daily',
    description: 'Store openings, closures, results and the people running the shop floor, each evening.',
    author: 'Hannah Mercer',
    badges: [],
    newsletterGroup: 'DAILY',
    isTopic: true,
    topicSlug: 'retail',
    isVisibleOnOMS: true,
  },
  {
    newsletterId: 'your-follows',
    title: 'Your Follows',
    description: 'A weekly round-up of new stories from the authors, topics and sections you follow.',
    author: 'The Editors',
    badges: ['Personalised'],
    newsletterGroup: 'PERSONALISED',
    isVisibleOnOMS: true,
    isPreselectedOnOMS: true,
  },
  {
    newsletterId: 'professional-weekly',
    title: 'The Professional Weekly',
    description: 'Playbooks, case studies and data for people building careers in fashion, every Monday.',
    author: 'Priya Raman',
    badges: ['Members'],
    newsletterGroup: 'WEEKLY',
    isProfessional: true,
    isVisibleOnOMS: true,
  },
  {
    newsletterId: 'executive-briefing',
    title: 'The Executive Briefing',
    description:
      'What leaders need to know before the week begins: strategy, deals and the numbers behind them.',
    author: 'Tomas Lindqvist',
    badges: ['Executive'],
    newsletterGroup: 'WEEKLY',
    isExecutive: true,
  },
  {
    newsletterId: 'beauty-weekly',
    title: 'The Beauty Edit',
    description: 'Brands, launches, deals and science from the beauty business, every Thursday.',
    author: 'Sofia Marchetti',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isTopic: true,
    topicSlug: 'beauty',
    isVisibleOnOMS: true,
  },
  {
    newsletterId: 'luxury-weekly',
    title: 'Luxury Letter',
    description: 'The houses, the heirs and the strategies behind high-end fashion, every Wednesday.',
    author: 'Amara Okafor',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isTopic: true,
    topicSlug: 'luxury',
  },
  {
    newsletterId: 'sustainability-weekly',
    title: 'Sustainability Weekly',
    description: 'Materials, supply chains, regulation and the companies changing how clothes are made.',
    author: 'Daniel Osei',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isTopic: true,
    topicSlug: 'sustainability',
  },
  {
    newsletterId: 'technology-weekly',
    title: 'Fashion Tech',
    description: 'Artificial intelligence, e-commerce platforms and the start-ups reshaping retail.',
    author: 'Kenji Watanabe',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isTopic: true,
    topicSlug: 'technology',
  },
  {
    newsletterId: 'marketing-weekly',
    title: 'The Marketing Memo',
    description: 'Campaigns, creators, media spend and brand building that works, every Friday.',
    author: 'Li Wen Chen',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isTopic: true,
    topicSlug: 'marketing',
  },
  {
    newsletterId: 'careers-weekly',
    title: 'Careers Weekly',
    description: 'Moves, hires and advice on the workplace and talent, with the week’s notable openings.',
    author: 'Rachel Adeyemi',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isProfessional: true,
    isTopic: true,
    topicSlug: 'workplace-talent',
  },
  {
    newsletterId: 'week-in-review',
    title: 'The Week in Review',
    description: 'The week’s most important stories in one read, every Saturday morning.',
    author: 'The Editors',
    badges: [],
    newsletterGroup: 'WEEKLY',
    isVisibleOnOMS: true,
  },
];
