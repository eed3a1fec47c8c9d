import { describe, expect, it } from 'vitest';
import { decidePremiumAccess } from './premium-access';

describe('decidePremiumAccess', () => {
  it.each([
    [null, { kind: 'wall', audience: 'anonymous' }],
    [
      { membershipLevel: 'None', isBofAdmin: false },
      { kind: 'wall', audience: 'registered' },
    ],
    [
      { membershipLevel: 'Restricted', isBofAdmin: false },
      { kind: 'wall', audience: 'member' },
    ],
    [
      { membershipLevel: 'TopicBeauty', isBofAdmin: false },
      { kind: 'wall', audience: 'member' },
    ],
    [
      { membershipLevel: 'Standard', isBofAdmin: false },
      { kind: 'allow', reason: 'entitled' },
    ],
    [
      { membershipLevel: 'Premium', isBofAdmin: false },
      { kind: 'allow', reason: 'entitled' },
    ],
    [
      { membershipLevel: 'None', isBofAdmin: true },
      { kind: 'allow', reason: 'admin' },
    ],
  ] as const)('%o → %o', (reader, expected) => {
    expect(decidePremiumAccess(reader)).toEqual(expected);
  });
});
