import { builder } from '../../builder';
import { AuthError } from '../../errors/auth-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { personalDetailsSchema } from './personal-details.inputs';
import { updatePersonalDetails } from './update-personal-details';
import type { UserDataRecord } from './user-data.repo';

export const UserDataType = builder.objectRef<UserDataRecord>('UserData').implement({
  description: "A reader's personal details. Reference fields hold keys of the reference lists.",
  fields: (t) => ({
    userId: t.exposeString('userId'),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    country: t.exposeString('country', { nullable: true, description: 'A key of `countries`.' }),
    jobFunction: t.exposeString('jobFunction', { nullable: true, description: 'A key of `jobFunctions`.' }),
    jobIndustry: t.exposeString('jobIndustry', { nullable: true, description: 'A key of `jobIndustries`.' }),
    jobLevel: t.exposeString('jobLevel', { nullable: true, description: 'A key of `jobLevels`.' }),
    organisationTitle: t.exposeString('organisationTitle', {
      nullable: true,
      description: 'The organisation the reader works for.',
    }),
    createdAt: t.expose('createdAt', { type: DateTimeScalar }),
    updatedAt: t.expose('updatedAt', { type: DateTimeScalar }),
  }),
});

const UpdatePersonalDetailsInput = builder
  .inputType('UpdatePersonalDetailsInput', {
    description: 'Omit a field to keep it; null clears an optional one. Names cannot be cleared.',
    fields: (t) => ({
      firstName: t.string(),
      lastName: t.string(),
      country: t.string({ description: 'A key of `countries`.' }),
      jobFunction: t.string({ description: 'A key of `jobFunctions`.' }),
      jobIndustry: t.string({ description: 'A key of `jobIndustries`.' }),
      jobLevel: t.string({ description: 'A key of `jobLevels`.' }),
      organisationTitle: t.string(),
    }),
  })
  .validate(personalDetailsSchema);

builder.mutationField('updatePersonalDetails', (t) =>
  t.field({
    type: UserDataType,
    description: "Changes the signed-in reader's personal details and returns them as saved.",
    args: { input: t.arg({ type: UpdatePersonalDetailsInput, required: true }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError], directResult: true },
    resolve: (_root, { input }, ctx) =>
      updatePersonalDetails(
        { repo: ctx.services.personalDetails.repo, now: () => new Date() },
        ctx.viewer,
        input,
      ),
  }),
);
