import { isIP } from 'node:net';

/**
 * The request header the server entry (apps/web/server.ts) sets to the TCP peer's address of every
 * request it hands on, replacing whatever a client sent under that name. Route handlers cannot see the
 * socket; they read this instead.
 */
export const CLIENT_ADDRESS_HEADER = 'x-bof-client-address';

/** An address as written in a header or by Node (`::ffff:203.0.113.9`, `[2001:db8::1]`) made plain. */
export function plainIp(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/^\[(.*)\]$/, '$1');
  const plain = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1] ?? trimmed;
  return isIP(plain) ? plain.toLowerCase() : null;
}

/**
 * The client's address, read as the identity server reads it (`IDENTITY_TRUSTED_PROXIES`, a count of
 * reverse proxies in front of the server). With none, it is the socket's peer: no header a client sends
 * is believed. Behind N trusted proxies, each appends the address it received from to X-Forwarded-For,
 * so the client is the N-th entry from the right of (the header's entries + the peer); entries a client
 * wrote itself stand further left and are never reached. Null when the address is unknown.
 */
export function clientIp(input: {
  socketAddress: string | null | undefined;
  forwardedFor: string | null | undefined;
  trustedProxies: number;
}): string | null {
  const peer = plainIp(input.socketAddress);
  if (input.trustedProxies <= 0) return peer;
  const forwarded = (input.forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hops = [...forwarded, input.socketAddress ?? ''];
  const index = hops.length - 1 - input.trustedProxies;
  // Fewer hops than trusted proxies: the request did not pass through them all; the leftmost entry, which
  // a trusted proxy wrote, is the best guess.
  return plainIp(hops[Math.max(0, index)]) ?? peer;
}
