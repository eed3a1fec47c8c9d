import { DomainError } from '../../errors/domain-error';

/** The stable codes of a refused notifications operation (clients branch on these). */
export type NotificationErrorCode =
  | 'push_unavailable'
  | 'push_endpoint_invalid'
  | 'push_keys_invalid'
  | 'push_subscription_limit'
  | 'push_subscription_not_found'
  | 'push_story_not_found';

export const NOTIFICATION_ERROR_CODES: readonly NotificationErrorCode[] = [
  'push_unavailable',
  'push_endpoint_invalid',
  'push_keys_invalid',
  'push_subscription_limit',
  'push_subscription_not_found',
  'push_story_not_found',
];

const MESSAGES: Record<NotificationErrorCode, string> = {
  push_unavailable: 'Notifications are not available on this site at the moment.',
  push_endpoint_invalid: 'This browser’s push address cannot be used.',
  push_keys_invalid: 'This browser’s push keys are not valid.',
  push_subscription_limit:
    'You have notifications on in the most browsers you can. Turn them off in one first.',
  push_subscription_not_found: 'There is no such notification subscription.',
  push_story_not_found: 'There is no such published story.',
};

/** An expected failure of the notifications module: a stable `code` and a message for people. */
export class NotificationError extends DomainError {
  constructor(code: NotificationErrorCode, message: string = MESSAGES[code]) {
    super(code, message);
  }
}
