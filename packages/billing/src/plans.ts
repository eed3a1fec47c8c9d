import type { Currency } from '@bof/config/constants';
import type { MembershipLevel, MembershipType } from '@bof/config/enums';

/**
 * A band of seat counts sold at one price per seat (volume pricing: every seat of a purchase costs the
 * price of the band its quantity falls in). Prices in minor units, before tax, per seat and year.
 */
export interface SeatTier {
  minSeats: number;
  maxSeats: number;
  unitPrices: Record<Currency, number>;
}

/** A plan of the catalogue. Prices are in minor units (pence, cents, paise), before tax. */
export interface Plan {
  code: string;
  title: string;
  description: string;
  membershipLevel: MembershipLevel;
  membershipType: MembershipType;
  interval: 'year';
  trialDays: number;
  prices: Record<Currency, number>;
  /** Plans a reader of this plan may upgrade to. */
  upgradesTo: readonly string[];
  /** Where the plan is sold: the individual payment page, or its own journey. */
  channel: 'individual' | 'student' | 'organisation' | 'topic' | 'executive';
  /**
   * An organisation plan's volume price bands, in ascending, contiguous order; `prices` is then the
   * first band's price per seat. Larger teams than the last band talk to us.
   */
  seatTiers?: readonly SeatTier[];
}

/**
 * The catalogue (spec §2 plan codes). Prices are the publisher's to set; these are the embedded
 * defaults, and the Recurly adapter reads the live ones from Recurly.
 */
export const PLANS: readonly Plan[] = [
  {
    code: 'individuals_standard_yearly_trial_v1',
    title: 'Standard',
    description: 'Every article, analysis and briefing, with a 30-day free trial.',
    membershipLevel: 'Standard',
    membershipType: 'Individual',
    interval: 'year',
    trialDays: 30,
    prices: { GBP: 25_000, EUR: 29_000, USD: 32_000, INR: 1_800_000 },
    upgradesTo: ['individuals_premium_yearly_v1'],
    channel: 'individual',
  },
  {
    code: 'individual_annual_trial_v1',
    title: 'News & Analysis',
    description: 'Daily news and analysis, with a 14-day free trial.',
    membershipLevel: 'NewsAndAnalysis',
    membershipType: 'Individual',
    interval: 'year',
    trialDays: 14,
    prices: { GBP: 19_000, EUR: 22_000, USD: 24_000, INR: 1_400_000 },
    upgradesTo: ['individuals_standard_yearly_trial_v1', 'individuals_premium_yearly_v1'],
    channel: 'individual',
  },
  {
    code: 'individuals_premium_yearly_v1',
    title: 'Premium',
    description: 'Everything in Standard, plus case studies, reports and every topic package.',
    membershipLevel: 'Premium',
    membershipType: 'Individual',
    interval: 'year',
    trialDays: 0,
    prices: { GBP: 45_000, EUR: 52_000, USD: 58_000, INR: 3_200_000 },
    upgradesTo: [],
    channel: 'individual',
  },
  {
    code: 'topic_beauty_yearly_v1',
    title: 'Beauty',
    description: 'The beauty package: every beauty story, briefing and case study.',
    membershipLevel: 'TopicBeauty',
    membershipType: 'Individual',
    interval: 'year',
    trialDays: 0,
    prices: { GBP: 12_000, EUR: 14_000, USD: 15_000, INR: 900_000 },
    upgradesTo: ['individuals_premium_yearly_v1'],
    channel: 'topic',
  },
  {
    code: 'executive_allaccess_yearly_v1',
    title: 'Executive',
    description: 'All access for senior leaders, with executive briefings and events.',
    membershipLevel: 'AllAccess',
    membershipType: 'Individual',
    interval: 'year',
    trialDays: 0,
    prices: { GBP: 150_000, EUR: 175_000, USD: 190_000, INR: 10_000_000 },
    upgradesTo: [],
    channel: 'executive',
  },
  {
    code: 'students_standard_yearly_v1',
    title: 'Student',
    description: 'Standard membership at a student price, for verified students.',
    membershipLevel: 'Standard',
    membershipType: 'Student',
    interval: 'year',
    trialDays: 0,
    prices: { GBP: 6_000, EUR: 7_000, USD: 7_500, INR: 400_000 },
    upgradesTo: [],
    channel: 'student',
  },
  {
    code: 'organisations_bundle_volume_yearly_v1',
    title: 'Organisation',
    description: 'Standard membership for a team, priced per seat.',
    membershipLevel: 'Standard',
    membershipType: 'Group',
    interval: 'year',
    trialDays: 0,
    prices: { GBP: 20_000, EUR: 23_000, USD: 25_000, INR: 1_500_000 },
    upgradesTo: [],
    channel: 'organisation',
    seatTiers: [
      { minSeats: 2, maxSeats: 9, unitPrices: { GBP: 20_000, EUR: 23_000, USD: 25_000, INR: 1_500_000 } },
      { minSeats: 10, maxSeats: 24, unitPrices: { GBP: 18_000, EUR: 20_700, USD: 22_500, INR: 1_350_000 } },
      { minSeats: 25, maxSeats: 49, unitPrices: { GBP: 16_000, EUR: 18_400, USD: 20_000, INR: 1_200_000 } },
      { minSeats: 50, maxSeats: 100, unitPrices: { GBP: 14_000, EUR: 16_100, USD: 17_500, INR: 1_050_000 } },
    ],
  },
];

/** Spec §2: the codes the individual payment page accepts in `?plan=`. */
export const INDIVIDUAL_PLAN_CODES = [
  'individuals_standard_yearly_trial_v1',
  'individual_annual_trial_v1',
  'individuals_premium_yearly_v1',
] as const;

export function findPlan(code: string): Plan | undefined {
  return PLANS.find((plan) => plan.code === code);
}
