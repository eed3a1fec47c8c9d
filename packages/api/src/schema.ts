import { builder } from './builder';
import './modules/site/site.graphql';
import './enums/enums.graphql';
import './scalars/date-time.graphql';
import './errors/error-types.graphql';
import './modules/reference/reference.graphql';
import './modules/viewer/viewer.graphql';
import './modules/viewer/user-data.graphql';
import './modules/billing/billing.graphql';
import './modules/content/content.graphql';
import './modules/access/access.graphql';
import './modules/email-change/email-change.graphql';
import './modules/organisations/organisations.graphql';
import './modules/organisations/organisation-domains.graphql';
import './modules/organisations/purchase-organisation.graphql';
import './modules/organisations/purchase-organisation-seats.graphql';
import './modules/students/students.graphql';
import './modules/newsletters/newsletters.graphql';
import './modules/follows/follows.graphql';
import './modules/profiles/profile-types.graphql';
import './modules/profiles/profiles.graphql';
import './modules/newsroom/newsroom.graphql';
import './modules/newsroom/newsroom-desk.graphql';
import './modules/newsroom/newsroom-approvals.graphql';
import './modules/search/search.graphql';
import './modules/events/events.graphql';

/** The whole GraphQL schema. Each module registers its types by being imported above. */
export const schema = builder.toSchema({ sortSchema: true });
