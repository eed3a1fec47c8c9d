import { BlockList } from 'node:net';

/** A CIDR range as the configuration gives it (`@bof/config` parses and checks METER_CRAWLER_IP_RANGES). */
export interface IpRangeEntry {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * Whether an address (plain, as `clientIp` gives it) lies in one of `ranges`. An IPv4 address also matches
 * in its IPv4-mapped IPv6 form and the other way round, as node:net's BlockList compares them.
 */
export function ipRangeMatcher(ranges: readonly IpRangeEntry[]): (ip: string | null) => boolean {
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  return (ip) => {
    if (!ip) return false;
    return list.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4');
  };
}
