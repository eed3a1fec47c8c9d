import { isIP } from 'node:net';

/** One range of client addresses in CIDR notation (`66.249.64.0/19`, `2001:4860:4801:10::/64`). */
export interface IpRange {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/**
 * Parses a comma- or whitespace-separated list of CIDR ranges (a bare address is a range of one). Returns
 * the ranges, or a message naming the first entry that is not one.
 */
export function parseIpRanges(text: string): IpRange[] | string {
  const ranges: IpRange[] = [];
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const [address = '', prefixText, extra] = entry.split('/');
    const version = isIP(address);
    const max = version === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (version === 0 || extra !== undefined || !(prefix >= 0 && prefix <= max))
      return `"${entry.slice(0, 60)}" is not an address range like 66.249.64.0/19 or 2001:4860:4801:10::/64`;
    ranges.push({ address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' });
  }
  return ranges;
}
