import { graphql } from './graphql';

// The newsroom editor's operations. Each answers a result union; errors carry a message (and field errors).

export const CreateNewsroomStoryMutation = graphql(`
  mutation CreateNewsroomStory($input: CreateNewsroomStoryInput!) {
    createNewsroomStory(input: $input) {
      __typename
      ... on NewsroomStory {
        id
        slug
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const SaveNewsroomStoryMutation = graphql(`
  mutation SaveNewsroomStory($input: SaveNewsroomStoryInput!) {
    saveNewsroomStory(input: $input) {
      __typename
      ... on NewsroomStory {
        id
        slug
        status
        headline
        revision
        publishAt
        publishedAt
        updatedAt
        draftJson
        editing
      }
      ... on NewsroomStaleRevisionError {
        message
        currentRevision
        savedBy
        changes {
          kind
          field
          text
        }
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const RestoreNewsroomRevisionMutation = graphql(`
  mutation RestoreNewsroomRevision($input: RestoreNewsroomRevisionInput!) {
    restoreNewsroomRevision(input: $input) {
      __typename
      ... on NewsroomStory {
        id
        revision
        draftJson
        status
        editing
      }
      ... on NewsroomStaleRevisionError {
        message
        currentRevision
        savedBy
      }
      ... on Error {
        message
      }
    }
  }
`);

export const PublishNewsroomStoryMutation = graphql(`
  mutation PublishNewsroomStory($input: NewsroomStoryRefInput!) {
    publishNewsroomStory(input: $input) {
      __typename
      ... on NewsroomStory {
        id
        status
        publishAt
        publishedAt
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const ScheduleNewsroomStoryMutation = graphql(`
  mutation ScheduleNewsroomStory($input: ScheduleNewsroomStoryInput!) {
    scheduleNewsroomStory(input: $input) {
      __typename
      ... on NewsroomStory {
        id
        status
        publishAt
        publishedAt
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const UnpublishNewsroomStoryMutation = graphql(`
  mutation UnpublishNewsroomStory($input: NewsroomStoryRefInput!) {
    unpublishNewsroomStory(input: $input) {
      __typename
      ... on NewsroomStory {
        id
        status
        publishAt
        publishedAt
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const NewsroomHeartbeatMutation = graphql(`
  mutation NewsroomHeartbeat($input: NewsroomHeartbeatInput!) {
    newsroomHeartbeat(input: $input) {
      __typename
      ... on NewsroomHeartbeatSuccess {
        data
      }
      ... on Error {
        message
      }
    }
  }
`);

export const CreateNewsroomPreviewLinkMutation = graphql(`
  mutation CreateNewsroomPreviewLink($input: NewsroomStoryRefInput!) {
    createNewsroomPreviewLink(input: $input) {
      __typename
      ... on NewsroomPreviewLink {
        url
        expiresAt
      }
      ... on Error {
        message
      }
    }
  }
`);

export const NewsroomRevisionsQuery = graphql(`
  query NewsroomRevisions($id: ID!) {
    newsroomRevisions(id: $id) {
      __typename
      ... on NewsroomRevisionsSuccess {
        data {
          revision
          savedBy
          createdAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const NewsroomDiffQuery = graphql(`
  query NewsroomDiff($id: ID!, $from: Int!, $to: Int!) {
    newsroomDiff(id: $id, from: $from, to: $to) {
      __typename
      ... on NewsroomDiffSuccess {
        data {
          kind
          field
          text
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const SaveNewsroomDeskEntryMutation = graphql(`
  mutation SaveNewsroomDeskEntry($input: SaveNewsroomDeskEntryInput!) {
    saveNewsroomDeskEntry(input: $input) {
      __typename
      ... on NewsroomDeskEntry {
        kind
        slug
        name
        title
        description
        photo
        stories
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const SetNewsroomFrontPinsMutation = graphql(`
  mutation SetNewsroomFrontPins($input: SetNewsroomFrontPinsInput!) {
    setNewsroomFrontPins(input: $input) {
      __typename
      ... on SetNewsroomFrontPinsSuccess {
        data {
          slot
          slug
          headline
        }
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);

export const ReviewNewsroomProfilePublicationMutation = graphql(`
  mutation ReviewNewsroomProfilePublication($input: ReviewNewsroomProfilePublicationInput!) {
    reviewNewsroomProfilePublication(input: $input) {
      __typename
      ... on ReviewNewsroomProfilePublicationSuccess {
        data {
          profileId
        }
      }
      ... on ZodError {
        message
        fieldErrors {
          path
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`);
