import type { MembershipRecords } from '../../auth/membership-records';
import type { BillingModule } from './billing.module';

/** What billing knows of a reader's memberships, for the viewer query (the viewer module's port). */
export function createBillingMembershipRecords(
  billing: () => Promise<Pick<BillingModule, 'membershipOf' | 'repo' | 'provider' | 'eligibilityOf'>>,
): MembershipRecords {
  return {
    async currentPlanCode(userId) {
      return (await (await billing()).membershipOf(userId)).plan?.code ?? null;
    },
    async hasHadIndividualSubscription(userId) {
      return (await (await billing()).repo.subscriptionsOf(userId)).length > 0;
    },
    // Seats in organisation accounts arrive with the organisations module.
    groupMembership: async () => null,
    organisationAccounts: async () => [],
    async individualAccount(userId) {
      const module = await billing();
      if ((await module.repo.subscriptionsOf(userId)).length === 0) return null;
      // The hosted page's address is the provider's; while it cannot be reached the account still shows.
      const accountManagementUrl = await module.provider.accountManagementUrl(userId).catch(() => null);
      return { accountId: userId, accountManagementUrl };
    },
    async individualMembershipEligibility(userId) {
      return (await billing()).eligibilityOf(userId);
    },
  };
}
