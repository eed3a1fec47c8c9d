import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for tests, speaking the Web Push protocol on 127.0.0.1: it takes the POST of a message,
 * checks the VAPID Authorization header (RFC 8292: an ES256 JWT for this origin, signed by the key named
 * in `k`), and decrypts the aes128gcm body (RFC 8188/8291) with the browser's private key, as a browser
 * would. A path answering `status` (410, 500, …) stands for a push service refusing.
 */

/** A browser's side of a subscription: its key pair and authentication secret. */
export interface TestBrowser {
  p256dh: string;
  auth: string;
  /** Decrypts a message sent to this browser. */
  decrypt(body: Buffer): string;
}

export function createTestBrowser(): TestBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
    Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      // The aes128gcm header: salt (16), record size (4), key id length (1), key id = the sender's key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = hkdf(authSecret, shared, keyInfo, 32);
      const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 and zero or more zero bytes of padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 0x02) throw new Error('The record has no last-record delimiter.');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface ReceivedPush {
  path: string;
  /** The VAPID public key the JWT was checked against. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** Checks a `vapid t=…, k=…` header; answers the JWT's claims or throws why not. */
export function checkVapid(
  header: string | undefined,
  origin: string,
): Pick<ReceivedPush, 'vapidKey' | 'claims'> {
  const match = /^vapid t=([A-Za-z0-9_.-]+), ?k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Not a VAPID Authorization header: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('The VAPID key is not an uncompressed P-256 key.');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string };
  if (header_.alg !== 'ES256') throw new Error(`The VAPID JWT is signed with ${header_.alg}.`);
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('The VAPID signature does not verify.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`The VAPID audience ${claims.aud} is not ${origin}.`);
  if (claims.exp * 1000 < Date.now()) throw new Error('The VAPID JWT has expired.');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('The VAPID subject is not mailto: or https:.');
  return { vapidKey: k, claims };
}

export async function startTestPushService() {
  const received: ReceivedPush[] = [];
  const refused: { path: string; reason: string }[] = [];
  const statusOf = new Map<string, number>();
  const waiting: { path: string; count: number; resolve: () => void }[] = [];
  const countFor = (path: string) => received.filter((r) => r.path === path).length;
  let origin = '';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const status = statusOf.get(path);
      if (status) {
        response.writeHead(status).end();
        return;
      }
      try {
        if (request.method !== 'POST') throw new Error(`A push is a POST, not ${request.method}.`);
        if (request.headers['content-encoding'] !== 'aes128gcm')
          throw new Error('The body is not aes128gcm.');
        if (!request.headers.ttl) throw new Error('A push needs a TTL header.');
        const vapid = checkVapid(request.headers.authorization, origin);
        received.push({ path, ...vapid, headers: request.headers, body: Buffer.concat(chunks) });
      } catch (error) {
        refused.push({ path, reason: (error as Error).message });
        response.writeHead(400).end((error as Error).message);
        return;
      }
      response.writeHead(201).end();
      for (const w of waiting.filter((w) => countFor(w.path) >= w.count)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /** The push endpoint of a test browser. */
    endpoint: (name: string) => `${origin}/push/${name}`,
    /** Makes the push service answer `status` to messages for `name` (410: the subscription is gone). */
    answer(name: string, status: number) {
      statusOf.set(`/push/${name}`, status);
    },
    messagesFor: (name: string) => received.filter((r) => r.path === `/push/${name}`),
    /** Resolves once `count` messages for `name` have arrived. */
    until(name: string, count: number): Promise<void> {
      const path = `/push/${name}`;
      if (countFor(path) >= count) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ path, count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
