import { isIP } from 'node:net';

/** `::ffff:203.0.113.9` (an IPv4 client on a dual-stack socket) is `203.0.113.9`. */
function normalise(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const trimmed = address.trim().replace(/^\[(.*)\]$/, '$1');
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1] ?? trimmed;
  return isIP(plain) ? plain.toLowerCase() : undefined;
}

/**
 * The address of the client a request came from. Without trusted proxies it is the socket's peer (no
 * header a client sends is believed). Behind N trusted proxies, each appends the address it received
 * from to `X-Forwarded-For`, so the client is the N-th entry from the right of (header entries + peer);
 * entries a client wrote itself stand further left and are never reached. Undefined when unknown.
 */
export function clientIp(
  request: Request,
  remoteAddress: string | undefined,
  trustedProxies: number,
): string | undefined {
  const peer = normalise(remoteAddress);
  if (trustedProxies <= 0) return peer;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [...forwarded, remoteAddress ?? ''];
  const index = hops.length - 1 - trustedProxies;
  // Fewer hops than trusted proxies: the request did not pass through them all; the leftmost is the best
  // guess, and it was written by a trusted proxy.
  return normalise(hops[Math.max(0, index)]) ?? peer;
}
