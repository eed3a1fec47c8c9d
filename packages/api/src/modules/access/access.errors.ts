import type { GiftRefusal } from '@bof/paywall/gifts';
import { DomainError } from '../../errors/domain-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';

/** Why a gift was refused, in the giver's words (`code` is the refusal; callers branch on it). */
export function giftRefused(reason: GiftRefusal, perMonth: number): DomainError {
  switch (reason) {
    case 'not_a_member':
      return new DomainError(reason, 'Gifting stories is part of a membership.');
    case 'story_is_free':
      return new DomainError(reason, 'This story is free to read: share its link instead.');
    case 'not_entitled_to_gift':
      return new DomainError(
        reason,
        'You can gift stories your membership includes, and this one is not part of it.',
      );
    case 'gift_limit_reached':
      return new DomainError(
        reason,
        `You have gifted ${perMonth} stories this month. New gifts are available on the 1st.`,
      );
  }
}

export const storyNotFound = () => new DomainError('story_not_found', 'There is no such story.');

export const giftNotFound = () => new DomainError('gift_not_found', 'You have no such gift.');

export const caseStudyNotFound = () => new DomainError('not_found', 'There is no such case study.');

export const reportNotIncluded = (userId: string) =>
  new UnauthorizedError(userId, null, 'The PDF report is for members with access to this case study.');
