import { describe, expect, it } from 'vitest';
import { signDomainVerificationToken, verifyDomainVerificationToken } from './domain-verification-token';

const claim = { domainId: 'd-1', email: 'it@acme.example', issuedAt: new Date('2026-11-26T09:00:00Z') };

describe('domain verification tokens', () => {
  it('carries the claim, signed', () => {
    const token = signDomainVerificationToken('secret', claim);
    expect(verifyDomainVerificationToken('secret', token)).toEqual(claim);
  });

  it('refuses another key, an altered payload or signature, and malformed tokens', () => {
    const token = signDomainVerificationToken('secret', claim);
    const [payload, signature] = token.split('.') as [string, string];
    expect(verifyDomainVerificationToken('other', token)).toBeNull();
    const altered = Buffer.from(
      JSON.stringify({ d: 'd-2', e: claim.email, t: claim.issuedAt.getTime() }),
    ).toString('base64url');
    expect(verifyDomainVerificationToken('secret', `${altered}.${signature}`)).toBeNull();
    expect(verifyDomainVerificationToken('secret', `${payload}.${signature.slice(1)}A`)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, `${payload}.`, 'a'.repeat(3000)]) {
      expect(verifyDomainVerificationToken('secret', bad)).toBeNull();
    }
  });
});
