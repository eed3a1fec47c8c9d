import type { MembershipStatus } from '@bof/config/enums';

/** An organisation account the viewer belongs to, as the viewer query lists it. */
export interface OrganisationAccountSummary {
  accountId: string;
  title: string;
}

/** The viewer's own billing account, as the viewer query shows it. */
export interface IndividualAccountSummary {
  accountId: string;
  accountManagementUrl: string | null;
}

/**
 * What the viewer query needs to know about a reader's memberships beyond the session claims. The
 * billing and organisations modules provide it; the consumer (the viewer module) declares it.
 */
export interface MembershipRecords {
  /** The plan code of the reader's current individual subscription, if any. */
  currentPlanCode(userId: string): Promise<string | null>;
  /** Whether the reader has ever held an individual subscription (a trial is once only). */
  hasHadIndividualSubscription(userId: string): Promise<boolean>;
  /** The organisation account whose membership the reader holds through a seat, if any. */
  groupMembership(
    userId: string,
  ): Promise<{ accountId: string; title: string; status: MembershipStatus } | null>;
  organisationAccounts(userId: string): Promise<OrganisationAccountSummary[]>;
  individualAccount(userId: string): Promise<IndividualAccountSummary | null>;
  /**
   * Whether the reader may buy, trial or upgrade an individual membership, by the rule the purchase and
   * upgrade mutations apply (billing's records). Without it the viewer decides from the token's claims.
   */
  individualMembershipEligibility?(userId: string): Promise<{
    isEligibleForPurchase: boolean;
    isEligibleForTrialPurchase: boolean;
    isEligibleForUpgrade: boolean;
  }>;
}

/**
 * The records while no subscription or organisation account can exist yet: nobody has a plan, a past
 * subscription, a seat, an organisation account or a billing account. Billing and organisations
 * replace it with theirs.
 */
export const noMembershipRecords: MembershipRecords = {
  currentPlanCode: async () => null,
  hasHadIndividualSubscription: async () => false,
  groupMembership: async () => null,
  organisationAccounts: async () => [],
  individualAccount: async () => null,
};
