import { builder } from './builder';
import './modules/site/site.graphql';

/** The whole GraphQL schema. Each module registers its types by being imported above. */
export const schema = builder.toSchema({ sortSchema: true });
