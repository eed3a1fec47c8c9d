import { describe, expect, it } from 'vitest';
import { clientIp, plainIp } from './client-ip';

describe('clientIp', () => {
  it('is the socket peer without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(
      clientIp({ socketAddress: '::ffff:198.51.100.20', forwardedFor: '203.0.113.9', trustedProxies: 0 }),
    ).toBe('198.51.100.20');
    expect(clientIp({ socketAddress: '2001:DB8::5', forwardedFor: null, trustedProxies: 0 })).toBe(
      '2001:db8::5',
    );
  });

  it('behind N trusted proxies is the N-th hop from the right, so a forged first entry is never reached', () => {
    // The client forged "1.2.3.4"; the one proxy in front appended the address it saw.
    expect(
      clientIp({ socketAddress: '10.0.0.2', forwardedFor: '1.2.3.4, 203.0.113.9', trustedProxies: 1 }),
    ).toBe('203.0.113.9');
    // Two proxies (a CDN, then a load balancer).
    expect(
      clientIp({
        socketAddress: '10.0.0.2',
        forwardedFor: '1.2.3.4, 203.0.113.9, 192.0.2.7',
        trustedProxies: 2,
      }),
    ).toBe('203.0.113.9');
  });

  it('takes the leftmost entry when fewer hops came than proxies are trusted, and the peer when it is unreadable', () => {
    expect(clientIp({ socketAddress: '10.0.0.2', forwardedFor: '203.0.113.9', trustedProxies: 3 })).toBe(
      '203.0.113.9',
    );
    expect(clientIp({ socketAddress: '10.0.0.2', forwardedFor: 'unknown', trustedProxies: 1 })).toBe(
      '10.0.0.2',
    );
  });

  it('is null without a socket address and without trusted proxies', () => {
    expect(clientIp({ socketAddress: undefined, forwardedFor: '203.0.113.9', trustedProxies: 0 })).toBeNull();
  });

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
  ])('%s', (_, forwardedFor, trustedProxies, socketAddress, expected) => {
    expect(clientIp({ socketAddress, forwardedFor, trustedProxies })).toBe(expected);
  });
});

describe('plainIp', () => {
  it('plains addresses from Node and header forms, and refuses anything else', () => {
    expect(plainIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(plainIp('[::1]')).toBe('::1');
    expect(plainIp(' 203.0.113.9 ')).toBe('203.0.113.9');
    expect(plainIp('example.org')).toBeNull();
  });
});
