import { resolveCursorConnection, type ResolveCursorConnectionArgs } from '@pothos/plugin-relay';
import { builder } from '../../builder';
import { FieldValidationError } from '../../errors/field-validation-error';
import { decodeCursor, encodeCursor } from './reference-cursor';
import type { ReferenceListName } from './reference-lists';
import { referencePageSchema } from './reference.inputs';
import type { ReferenceItem } from './reference.repo';
import { REFERENCE_PAGE_DEFAULT_SIZE, REFERENCE_PAGE_MAX_SIZE } from './reference.service';

// Each spec §3 reference list: its item type ({ id key title }) and a public query paging it with
// cursors and edges, `{ countries(first: 300) { ... on CountryConnection { edges { node { key title } } } } }`.
// Paging arguments out of bounds, combined or with a foreign cursor are a ZodError naming each of them.
export const REFERENCE_LIST_FIELDS: { query: ReferenceListName; type: string; description: string }[] = [
  { query: 'countries', type: 'Country', description: 'A country (ISO 3166-1 alpha-2 code as key).' },
  { query: 'companySizes', type: 'CompanySize', description: 'An organisation headcount band.' },
  { query: 'companyTypes', type: 'CompanyType', description: 'A kind of organisation.' },
  { query: 'companyOwnership', type: 'CompanyOwnership', description: 'Who owns an organisation.' },
  { query: 'jobFunctions', type: 'JobFunction', description: "What a person's work is about." },
  { query: 'jobIndustries', type: 'JobIndustry', description: 'The industry a person works in.' },
  { query: 'jobLevels', type: 'JobLevel', description: "How senior a person's role is." },
  { query: 'jobTitles', type: 'JobTitle', description: 'A job title.' },
  { query: 'personProfileCategories', type: 'PersonCategory', description: "A people profile's category." },
];

for (const list of REFERENCE_LIST_FIELDS) {
  const ItemType = builder.objectRef<ReferenceItem>(list.type).implement({
    description: list.description,
    fields: (t) => ({
      id: t.exposeID('id'),
      key: t.exposeString('key', { description: 'Stable identifier; what other records store.' }),
      title: t.exposeString('title', { description: 'What people read.' }),
    }),
  });

  builder.queryField(list.query, (t) =>
    t.connection(
      {
        type: ItemType,
        description: `A page of the ${list.query} list, in its order: at most ${REFERENCE_PAGE_MAX_SIZE} items (${REFERENCE_PAGE_DEFAULT_SIZE} by default).`,
        validate: referencePageSchema,
        errors: { types: [FieldValidationError], directResult: true },
        resolve: (_root, args, ctx) => {
          const service = ctx.services.reference;
          return resolveCursorConnection(
            {
              args,
              toCursor: (item: ReferenceItem) => encodeCursor(item.position),
              defaultSize: REFERENCE_PAGE_DEFAULT_SIZE,
              maxSize: REFERENCE_PAGE_MAX_SIZE,
            },
            ({ before, after, limit, inverted }: ResolveCursorConnectionArgs) =>
              service.window(list.query, {
                afterPosition: after === undefined ? undefined : decodeCursor(after),
                beforePosition: before === undefined ? undefined : decodeCursor(before),
                limit,
                inverted,
              }),
          );
        },
      },
      { name: `${list.type}Connection` },
      { name: `${list.type}Edge` },
    ),
  );
}
