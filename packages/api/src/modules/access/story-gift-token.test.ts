import { describe, expect, it } from 'vitest';
import { signGiftToken, verifyGiftToken } from './story-gift-token';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const gift = '0f8fad5b-d9cb-469f-a165-70867728950e';
const article = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const other = '16fd2706-8baf-433b-82eb-8c7fada847da';

describe('gift tokens', () => {
  it('verify for the story they were signed for', () => {
    expect(verifyGiftToken(secret, signGiftToken(secret, gift, article), article)).toBe(gift);
  });

  it('refuse another story, another secret, an edited id or signature, and junk', () => {
    const token = signGiftToken(secret, gift, article);
    expect(verifyGiftToken(secret, token, other)).toBeNull();
    expect(verifyGiftToken(`${secret}x`, token, article)).toBeNull();
    expect(verifyGiftToken(secret, token.replace(gift, other), article)).toBeNull();
    const sig = token.slice(gift.length + 1);
    const edited = `${gift}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    expect(verifyGiftToken(secret, edited, article)).toBeNull();
    for (const junk of ['', '.', gift, `${gift}.`, `${token}.x`, 'x'.repeat(500)])
      expect(verifyGiftToken(secret, junk, article)).toBeNull();
  });
});
