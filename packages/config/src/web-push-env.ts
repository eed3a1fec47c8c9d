import { z } from 'zod';
import { ConfigurationError } from './configuration-error';

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The Web Push (VAPID) settings, as they arrive. */
const rawWebPushEnv = z.object({
  // An uncompressed P-256 public key: 65 bytes, 87 base64url characters.
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(BASE64URL, 'must be the base64url VAPID public key (web-push generate-vapid-keys)')
    .length(87, 'must be the base64url VAPID public key (65 bytes, 87 characters)')
    .optional(),
  // A P-256 private key: 32 bytes, 43 base64url characters.
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(BASE64URL, 'must be the base64url VAPID private key (web-push generate-vapid-keys)')
    .length(43, 'must be the base64url VAPID private key (32 bytes, 43 characters)')
    .optional(),
  WEB_PUSH_VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
});

/** The variables that together configure Web Push in production; one set without the others is an error. */
export const WEB_PUSH_VARIABLES = [
  'WEB_PUSH_VAPID_PUBLIC_KEY',
  'WEB_PUSH_VAPID_PRIVATE_KEY',
  'WEB_PUSH_VAPID_SUBJECT',
] as const;

export interface WebPushVapidEnv {
  publicKey: string;
  privateKey: string;
  /** Who the push services contact about this sender: `mailto:` or an `https:` URL. */
  subject: string;
}

export interface WebPushEnv {
  /**
   * The configured VAPID key pair; null when none of WEB_PUSH_VARIABLES is set. Then the embedded
   * defaults generate a pair once under DATA_DIR/keys, and production sends no push notifications.
   */
  vapid: WebPushVapidEnv | null;
}

/**
 * Reads the Web Push sender's VAPID keys. With some of WEB_PUSH_VARIABLES set and others not, the start
 * fails naming the missing ones: subscriptions made with one key pair stop working with another, so a
 * half-configured sender must never fall back to a generated pair.
 * @throws ConfigurationError naming each variable missing or invalid.
 */
export function parseWebPushEnv(env: Record<string, string | undefined>): WebPushEnv {
  const parsed = rawWebPushEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const raw = parsed.data;
  const present = WEB_PUSH_VARIABLES.filter((name) => raw[name] !== undefined);
  if (present.length === 0) return { vapid: null };
  const missing = WEB_PUSH_VARIABLES.filter((name) => raw[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigurationError(
      missing.map((variable) => ({
        variable,
        message: `is required with ${present.join(', ')}: Web Push needs all of ${WEB_PUSH_VARIABLES.join(', ')} (or none)`,
      })),
    );
  }
  return {
    vapid: {
      publicKey: raw.WEB_PUSH_VAPID_PUBLIC_KEY!,
      privateKey: raw.WEB_PUSH_VAPID_PRIVATE_KEY!,
      subject: raw.WEB_PUSH_VAPID_SUBJECT!,
    },
  };
}
