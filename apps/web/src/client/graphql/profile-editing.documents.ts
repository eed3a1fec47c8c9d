import { graphql } from './graphql';

// The profile editors' operations. Each mutation answers the saved draft (with its next version) or one of
// its errors: ZodError (field messages), StaleProfileVersionError, ProfileSlugTakenError, … (all Error).

export const CreatePersonProfileMutation = graphql(`
  mutation CreatePersonProfile($input: CreatePersonProfileInput!) {
    createPersonProfile(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on PersonProfile {
        profileId
        version
        publishedVersion
      }
    }
  }
`);

export const UpdatePersonProfileMutation = graphql(`
  mutation UpdatePersonProfile($input: UpdatePersonProfileInput!) {
    updatePersonProfile(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on StaleProfileVersionError {
        currentVersion
      }
      ... on PersonProfile {
        profileId
        version
        publishedVersion
      }
    }
  }
`);

export const PublishPersonProfileMutation = graphql(`
  mutation PublishPersonProfile($input: PublishProfileInput!) {
    publishPersonProfile(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on PersonProfile {
        profileId
        slug
        version
        publishedVersion
      }
    }
  }
`);

/** Published organisation profiles by name, for the careers, education and subsidiaries pickers. */
export const OrganisationPickerQuery = graphql(`
  query OrganisationPicker($filter: OrganisationDirectoryInput!) {
    organisationProfiles(filter: $filter) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationProfilesSuccess {
        data {
          profileId
          title
          headquarters {
            city
          }
        }
      }
    }
  }
`);

/** Published person profiles by name, for the key people picker. */
export const PersonPickerQuery = graphql(`
  query PersonPicker($filter: PersonDirectoryInput!) {
    personProfiles(filter: $filter) {
      __typename
      ... on Error {
        message
      }
      ... on PersonProfilesSuccess {
        data {
          profileId
          firstName
          lastName
          subtitle
        }
      }
    }
  }
`);

export const UpdateOrganisationProfileMutation = graphql(`
  mutation UpdateOrganisationProfile($input: UpdateOrganisationProfileInput!) {
    updateOrganisationProfile(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on StaleProfileVersionError {
        currentVersion
      }
      ... on OrganisationProfile {
        profileId
        version
        publishedVersion
      }
    }
  }
`);

export const PublishOrganisationProfileMutation = graphql(`
  mutation PublishOrganisationProfile($input: PublishProfileInput!) {
    publishOrganisationProfile(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on OrganisationProfile {
        profileId
        slug
        version
        publishedVersion
      }
    }
  }
`);

export const UpdateOrganisationKeyPeopleMutation = graphql(`
  mutation UpdateOrganisationKeyPeople($input: UpdateOrganisationKeyPeopleInput!) {
    updateOrganisationKeyPeople(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on OrganisationProfile {
        version
      }
    }
  }
`);

export const UpdateOrganisationChildrenMutation = graphql(`
  mutation UpdateOrganisationChildren($input: UpdateOrganisationChildrenInput!) {
    updateOrganisationChildren(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on OrganisationProfile {
        version
      }
    }
  }
`);

/** Adds a project to the draft (at the end). Answers the draft's projects and its next version. */
export const CreateProjectMutation = graphql(`
  mutation CreateProject($input: CreateProjectInput!) {
    createProject(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on StaleProfileVersionError {
        currentVersion
      }
      ... on ProjectChange {
        version
        projects {
          projectId
          slug
          title
          description
          thumbnail
          position
          assets {
            type
            url
            description
          }
        }
      }
    }
  }
`);

/** Saves a project's fields and assets. Answers the draft's projects and its next version. */
export const UpdateProjectMutation = graphql(`
  mutation UpdateProject($input: UpdateProjectInput!) {
    updateProject(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on StaleProfileVersionError {
        currentVersion
      }
      ... on ProjectChange {
        version
        projects {
          projectId
          slug
          title
          description
          thumbnail
          position
          assets {
            type
            url
            description
          }
        }
      }
    }
  }
`);

/** Removes a project from the draft. Answers the draft's projects and its next version. */
export const DeleteProjectMutation = graphql(`
  mutation DeleteProject($input: DeleteProjectInput!) {
    deleteProject(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on StaleProfileVersionError {
        currentVersion
      }
      ... on ProjectChange {
        version
        projects {
          projectId
          slug
          title
          description
          thumbnail
          position
          assets {
            type
            url
            description
          }
        }
      }
    }
  }
`);

/** Puts the draft's projects in the order given. Answers the draft's projects and its next version. */
export const ReorderProjectMutation = graphql(`
  mutation ReorderProject($input: ReorderProjectInput!) {
    reorderProject(input: $input) {
      __typename
      ... on Error {
        message
      }
      ... on ZodError {
        fieldErrors {
          path
          message
        }
      }
      ... on StaleProfileVersionError {
        currentVersion
      }
      ... on ProjectChange {
        version
        projects {
          projectId
          slug
          title
          description
          thumbnail
          position
          assets {
            type
            url
            description
          }
        }
      }
    }
  }
`);
