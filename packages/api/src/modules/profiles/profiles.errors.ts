import { DomainError } from '../../errors/domain-error';

/**
 * The save started from an older version than the profile's current one: someone saved in between.
 * Nothing was written; the editor reloads the draft (at `currentVersion`) and saves again.
 */
export class StaleProfileVersionError extends DomainError {
  constructor(
    readonly profileId: string | null,
    readonly currentVersion: number,
  ) {
    super(
      'profile_stale_version',
      `This profile was saved by someone else while you were editing (it is now at version ${currentVersion}). Reload it and make your change again.`,
    );
  }
}

/**
 * There is no such profile or project for this reader: it does not exist, is not published, or is
 * someone else's draft. The three are told apart nowhere, so the answer leaks nothing.
 */
export class ProfileNotFoundError extends DomainError {
  constructor() {
    super('profile_not_found', 'There is no such profile.');
  }
}

/** Another profile (or another project of this organisation) already has the address name. */
export class ProfileSlugTakenError extends DomainError {
  constructor(readonly slug: string) {
    super('profile_slug_taken', `The address name "${slug}" is taken. Choose another.`);
  }
}

/** The reader already has a person profile: they edit it rather than create a second one. */
export class PersonProfileExistsError extends DomainError {
  constructor(readonly profileId: string) {
    super('person_profile_exists', 'You already have a profile. Edit it instead.');
  }
}

/** A link to another profile or a story names nothing published. */
export class ProfileLinkNotFoundError extends DomainError {
  constructor(
    readonly field: string,
    readonly value: string,
  ) {
    super('profile_link_not_found', `${field} names something that does not exist: ${value}.`);
  }
}

/**
 * The review names a published version that is no longer the published one: it was republished or
 * withdrawn meanwhile. Nothing was recorded; the queue shows the current publication.
 */
export class PublicationChangedError extends DomainError {
  constructor() {
    super(
      'profile_publication_changed',
      'This profile was published again or withdrawn since you opened the queue. Reload it and review the current version.',
    );
  }
}
