import { describe, expect, it } from 'vitest';
import { isLoopbackIp } from './loopback';

describe('isLoopbackIp', () => {
  it('knows this machine’s addresses, in every spelling Node and headers use', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '[::1]', '0:0:0:0:0:0:0:1'])
      expect([address, isLoopbackIp(address)]).toEqual([address, true]);
  });

  it('refuses every other address, and an unknown one', () => {
    for (const address of [
      '203.0.113.9',
      '10.0.0.1',
      '::ffff:203.0.113.9',
      '2001:db8::1',
      '0.0.0.0',
      '',
      null,
      undefined,
      'localhost',
      '128.0.0.1',
    ])
      expect([address, isLoopbackIp(address)]).toEqual([address, false]);
  });
});
