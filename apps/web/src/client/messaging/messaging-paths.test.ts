import { describe, expect, it } from 'vitest';
import { messagesAllowedOn } from './messaging-paths';

describe('messagesAllowedOn (spec §1, §6)', () => {
  it.each([
    '/subscriptions',
    '/subscriptions/',
    '/subscriptions/cancel/',
    '/user/login/',
    '/user',
    '/user/account/',
  ])('never on %s', (path) => expect(messagesAllowedOn(path)).toBe(false));
  it.each(['/', '/legal/', '/careers/', '/people/', '/contact/media/'])('on %s', (path) =>
    expect(messagesAllowedOn(path)).toBe(true),
  );
});
