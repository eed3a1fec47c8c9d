import { z } from 'zod';
import { referenceKeys, type ReferenceListName } from '../reference/reference-lists';

const name = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(100, `Your ${label} can be at most 100 characters.`)
    .refine((value) => !/[\p{Cc}<>]/u.test(value), `Your ${label} cannot contain < > or control characters.`);

const reference = (list: ReferenceListName, what: string) =>
  z.enum(referenceKeys(list), { error: `Choose ${what} from the list.` }).nullish();

/**
 * The personal-details change (spec §3 UserData fields). Checked as one object, so every field error
 * is reported at once. Omitted fields keep their value; null clears an optional one; names cannot be
 * cleared. Reference fields take keys of the reference lists. A change must name at least one field.
 */
export const personalDetailsSchema = z
  .object({
    firstName: name('first name').optional(),
    lastName: name('last name').optional(),
    country: reference('countries', 'a country'),
    jobFunction: reference('jobFunctions', 'a job function'),
    jobIndustry: reference('jobIndustries', 'an industry'),
    jobLevel: reference('jobLevels', 'a job level'),
    organisationTitle: z
      .string()
      .trim()
      .min(1, 'Enter your organisation, or leave it empty.')
      .max(200, 'Your organisation can be at most 200 characters.')
      .refine((value) => !/\p{Cc}/u.test(value), 'Your organisation cannot contain control characters.')
      .nullish(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: 'Give at least one detail to change.',
  });

export type PersonalDetailsChange = z.output<typeof personalDetailsSchema>;
