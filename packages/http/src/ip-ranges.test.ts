import { describe, expect, it } from 'vitest';
import { ipRangeMatcher } from './ip-ranges';

describe('address ranges', () => {
  it('matches IPv4 and IPv6 addresses inside the ranges and nothing else', () => {
    const inRange = ipRangeMatcher([
      { address: '66.249.64.0', prefix: 19, family: 'ipv4' },
      { address: '2001:4860:4801:10::', prefix: 64, family: 'ipv6' },
      { address: '192.0.2.7', prefix: 32, family: 'ipv4' },
    ]);
    expect(inRange('66.249.64.1')).toBe(true);
    expect(inRange('66.249.95.255')).toBe(true);
    expect(inRange('66.249.96.0')).toBe(false);
    expect(inRange('2001:4860:4801:10::1')).toBe(true);
    expect(inRange('2001:4860:4801:11::1')).toBe(false);
    expect(inRange('192.0.2.7')).toBe(true);
    expect(inRange('192.0.2.8')).toBe(false);
    expect(inRange(null)).toBe(false);
  });

  it('matches nothing without ranges', () => {
    expect(ipRangeMatcher([])('66.249.64.1')).toBe(false);
  });
});
