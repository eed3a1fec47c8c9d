import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userData } from '@bof/db/schema';
import { createGraphQLHarness, type GraphQLHarness } from '../../testing/graphql-harness';

let harness: GraphQLHarness;
beforeAll(async () => {
  harness = await createGraphQLHarness();
});
afterAll(async () => {
  await harness?.close();
});

const UPDATE = /* GraphQL */ `
  mutation Update($input: UpdatePersonalDetailsInput!) {
    updatePersonalDetails(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          code
          message
        }
      }
      ... on UserData {
        userId
        firstName
        lastName
        country
        jobFunction
        jobIndustry
        jobLevel
        organisationTitle
        updatedAt
      }
    }
  }
`;

const complete = {
  firstName: '  Imran ',
  lastName: 'Amed',
  country: 'GB',
  jobFunction: 'strategy',
  jobIndustry: 'luxury',
  jobLevel: 'founder-or-owner',
  organisationTitle: 'The Business of Fashion',
};

const rowOf = async (userId: string) =>
  (await harness.db.select().from(userData).where(eq(userData.userId, userId)))[0];

describe('updatePersonalDetails', () => {
  it('answers AuthError when logged out, and writes nothing', async () => {
    const { status, body } = await harness.post(UPDATE, { input: complete });
    expect(status).toBe(200);
    expect(body.data?.updatePersonalDetails).toMatchObject({ __typename: 'AuthError' });
    expect(await harness.db.select().from(userData)).toEqual([]);
  });

  it('answers ZodError listing every bad field at once, and writes nothing', async () => {
    const viewer = await harness.signIn('bad-input-user');
    const { body } = await harness.post(
      UPDATE,
      {
        input: {
          firstName: '   ',
          lastName: null,
          country: 'XX',
          jobFunction: 'astronaut',
          jobIndustry: 'luxury',
          jobLevel: 'emperor',
          organisationTitle: 'x'.repeat(201),
        },
      },
      viewer,
    );
    const result = body.data?.updatePersonalDetails as {
      __typename: string;
      fieldErrors: { path: string[]; code: string; message: string }[];
    };
    expect(result.__typename).toBe('ZodError');
    expect(result.fieldErrors.map((e) => e.path.join('.')).sort()).toEqual([
      'input.country',
      'input.firstName',
      'input.jobFunction',
      'input.jobLevel',
      'input.lastName',
      'input.organisationTitle',
    ]);
    expect(result.fieldErrors.find((e) => e.path.join('.') === 'input.country')).toEqual({
      path: ['input', 'country'],
      code: 'invalid_value',
      message: 'Choose a country from the list.',
    });
    expect(await rowOf(viewer.userId)).toBeUndefined();
  });

  it('refuses an empty change with a ZodError on the input, and writes nothing', async () => {
    const viewer = await harness.signIn('empty-change-user');
    const { body } = await harness.post(UPDATE, { input: {} }, viewer);
    expect(body.data?.updatePersonalDetails).toEqual({
      __typename: 'ZodError',
      message: 'Some of the details are not valid.',
      fieldErrors: [{ path: ['input'], code: 'custom', message: 'Give at least one detail to change.' }],
    });
    expect(await rowOf(viewer.userId)).toBeUndefined();
  });

  it('saves the details, trimmed, and returns them as stored', async () => {
    const viewer = await harness.signIn('complete-user');
    const { body } = await harness.post(UPDATE, { input: complete }, viewer);
    expect(body.data?.updatePersonalDetails).toMatchObject({
      __typename: 'UserData',
      userId: 'complete-user',
      firstName: 'Imran',
      lastName: 'Amed',
      country: 'GB',
      organisationTitle: 'The Business of Fashion',
    });
    expect(await rowOf(viewer.userId)).toMatchObject({
      firstName: 'Imran',
      lastName: 'Amed',
      country: 'GB',
      jobFunction: 'strategy',
      jobIndustry: 'luxury',
      jobLevel: 'founder-or-owner',
      organisationTitle: 'The Business of Fashion',
    });
  });

  it('changes only the fields given, and clears an optional one given as null', async () => {
    const viewer = await harness.signIn('partial-user');
    await harness.post(UPDATE, { input: complete }, viewer);
    const { body } = await harness.post(
      UPDATE,
      { input: { country: 'FR', organisationTitle: null } },
      viewer,
    );
    expect(body.data?.updatePersonalDetails).toMatchObject({
      __typename: 'UserData',
      firstName: 'Imran',
      country: 'FR',
      organisationTitle: null,
    });
    expect(await rowOf(viewer.userId)).toMatchObject({
      country: 'FR',
      organisationTitle: null,
      lastName: 'Amed',
    });
  });
});

describe('the completeness check the session refresh uses', () => {
  it('is false until every detail is saved, then true', async () => {
    const { createUserDataRepo } = await import('./user-data.repo');
    const { userDataCompletenessCheck } = await import('./user-data-completeness');
    const check = userDataCompletenessCheck(createUserDataRepo(harness.db));
    const viewer = await harness.signIn('one-more-step-user');
    expect(await check(viewer.userId)).toBe(false);
    await harness.post(UPDATE, { input: { firstName: 'Ada', lastName: 'Lovelace' } }, viewer);
    expect(await check(viewer.userId)).toBe(false);
    await harness.post(UPDATE, { input: complete }, viewer);
    expect(await check(viewer.userId)).toBe(true);
  });
});
