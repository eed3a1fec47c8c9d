import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

const request = (forwarded?: string) =>
  new Request('http://site.test/identity/self-service/login', {
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });

describe('clientIp', () => {
  it.each([
    ['no proxy: the socket, whatever the header says', '198.51.100.7', 0, '203.0.113.9', '203.0.113.9'],
    ['no proxy and no header', undefined, 0, '203.0.113.9', '203.0.113.9'],
    ['an IPv4 client on a dual-stack socket', undefined, 0, '::ffff:203.0.113.9', '203.0.113.9'],
    ['one proxy: the address it saw', '198.51.100.7', 1, '10.0.0.2', '198.51.100.7'],
    ['one proxy, a client-written entry before it', '1.1.1.1, 198.51.100.7', 1, '10.0.0.2', '198.51.100.7'],
    ['two proxies', '1.1.1.1, 198.51.100.7, 10.0.0.3', 2, '10.0.0.2', '198.51.100.7'],
    ['fewer hops than proxies: the leftmost', '198.51.100.7', 3, '10.0.0.2', '198.51.100.7'],
    ['a garbage entry: the socket', 'not-an-ip', 1, '10.0.0.2', '10.0.0.2'],
    ['an IPv6 client', '2001:DB8::1', 1, '10.0.0.2', '2001:db8::1'],
  ])('%s', (_, forwarded, proxies, peer, expected) => {
    expect(clientIp(request(forwarded), peer, proxies)).toBe(expected);
  });

  it('is unknown without a socket address and without trusted proxies', () => {
    expect(clientIp(request('198.51.100.7'), undefined, 0)).toBeUndefined();
  });
});
