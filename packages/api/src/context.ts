import type { MembershipRecords } from './auth/membership-records';
import type { OrganisationRoles } from './auth/organisation-roles';
import type { Viewer } from './auth/viewer';
import type { Services } from './services';

/** What every resolver receives. A new one is made for each request. */
export interface GraphQLContext {
  /** The product's modules, built once by the composition root (services.ts). */
  services: Services;
  /** The signed-in reader, from the verified `bof_session` token; null when anonymous. */
  viewer: Viewer | null;
  /** Answers the `organisationRole` scope. */
  organisationRoles: OrganisationRoles;
  /** What billing and organisations know of the viewer's memberships. */
  membershipRecords: MembershipRecords;
  /** The incoming request: its cookies reach the identity provider for checks of the identity session. */
  request: Request;
}
