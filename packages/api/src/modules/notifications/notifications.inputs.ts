import { z } from 'zod';

/** The kinds of notification a reader switches on or off, one switch each (issue 27). */
export const NOTIFICATION_KINDS = ['followed_topics', 'breaking_news'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Subscriptions a reader may hold at once (one per browser and device). */
export const MAX_SUBSCRIPTIONS_PER_READER = 10;
/** Followed-topic notifications a reader receives per hour at most; breaking news is not counted. */
export const FOLLOWED_TOPICS_PER_HOUR = 4;
export const ENDPOINT_MAX = 1024;
export const USER_AGENT_MAX = 120;
/** Decoded sizes the Web Push encryption needs (RFC 8291): an uncompressed P-256 key and a 16-byte secret. */
export const P256DH_BYTES = 65;
export const AUTH_BYTES = 16;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

export const subscribeSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .min(1, 'Give the push address.')
    .max(ENDPOINT_MAX, 'That push address is too long.'),
  p256dh: z.string().trim().max(200, 'That key is too long.').regex(BASE64URL, 'That key is not base64url.'),
  auth: z
    .string()
    .trim()
    .max(100, 'That secret is too long.')
    .regex(BASE64URL, 'That secret is not base64url.'),
  userAgent: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX)),
});
export type SubscribeInput = z.output<typeof subscribeSchema>;

export const subscriptionIdSchema = z.object({ id: z.uuid('That is not a subscription id.') });

/** Breaking news: the newsroom story to send. */
export const breakingNewsSchema = z.object({ storyId: z.uuid('That is not a newsroom story id.') });

export const setPreferenceSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() });

/** The bytes of a base64url string (padding allowed), or null when it is not one. */
export function base64urlBytes(value: string): Buffer | null {
  if (!BASE64URL.test(value)) return null;
  const bare = value.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null;
  return Buffer.from(bare, 'base64url');
}
