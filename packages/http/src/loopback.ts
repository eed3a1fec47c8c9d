import { isIP } from 'node:net';
import { plainIp } from './client-ip';

/**
 * Whether a client address (as `clientIp` gives it) is this machine: 127.0.0.0/8 or ::1 (an IPv4-mapped
 * loopback is made plain first). An unknown address is not.
 */
export function isLoopbackIp(address: string | null | undefined): boolean {
  const ip = plainIp(address);
  if (!ip) return false;
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}
