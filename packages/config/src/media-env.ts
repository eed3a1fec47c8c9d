import { z } from 'zod';
import { ConfigurationError } from './configuration-error';

/** The media storage settings, as they arrive. */
const rawMediaEnv = z.object({
  MEDIA_S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  MEDIA_S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-west-1')
    .optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().trim().min(3, 'must be the access key id').optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().trim().min(8, 'must be the secret access key').optional(),
  MEDIA_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) address of an S3-compatible service' })
    .optional(),
  MEDIA_S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false'], 'must be 1 or 0')
    .transform((v) => v === '1' || v === 'true')
    .optional(),
  MEDIA_S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9!_.*'()/-]{1,200}$/, 'must be a key prefix such as media/')
    .optional(),
});

/** The variables that together configure object storage; one set without the others is an error. */
export const MEDIA_S3_VARIABLES = [
  'MEDIA_S3_BUCKET',
  'MEDIA_S3_REGION',
  'MEDIA_S3_ACCESS_KEY_ID',
  'MEDIA_S3_SECRET_ACCESS_KEY',
] as const;

export interface MediaS3Env {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** An S3-compatible service other than AWS (MinIO, R2, …); null: AWS S3 of `region`. */
  endpoint: string | null;
  /** Bucket in the path rather than the host name (most S3-compatible services want it). */
  forcePathStyle: boolean;
  /** Prepended to every key, e.g. `media/`; empty by default. */
  prefix: string;
}

export interface MediaEnv {
  /** S3-compatible object storage when MEDIA_S3_VARIABLES are all set; files under DATA_DIR/media otherwise. */
  s3: MediaS3Env | null;
}

/**
 * Reads where uploaded media are stored. With none of MEDIA_S3_VARIABLES set, files go under
 * `DATA_DIR/media` (the embedded default, also allowed in production on one host or a shared volume).
 * With some set and others not, the start fails naming the missing ones: a half-configured bucket must
 * never fall back silently to local files that other hosts cannot read.
 * @throws ConfigurationError naming each variable missing or invalid.
 */
export function parseMediaEnv(env: Record<string, string | undefined>): MediaEnv {
  const parsed = rawMediaEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const raw = parsed.data;
  const present = MEDIA_S3_VARIABLES.filter((name) => raw[name] !== undefined);
  const extras = (['MEDIA_S3_ENDPOINT', 'MEDIA_S3_FORCE_PATH_STYLE', 'MEDIA_S3_PREFIX'] as const).filter(
    (name) => raw[name] !== undefined,
  );
  if (present.length === 0 && extras.length === 0) return { s3: null };
  const missing = MEDIA_S3_VARIABLES.filter((name) => raw[name] === undefined);
  if (missing.length > 0) {
    const given = [...present, ...extras].join(', ');
    throw new ConfigurationError(
      missing.map((variable) => ({
        variable,
        message: `is required with ${given}: object storage needs all of ${MEDIA_S3_VARIABLES.join(', ')} (or none, for files under DATA_DIR/media)`,
      })),
    );
  }
  return {
    s3: {
      bucket: raw.MEDIA_S3_BUCKET!,
      region: raw.MEDIA_S3_REGION!,
      accessKeyId: raw.MEDIA_S3_ACCESS_KEY_ID!,
      secretAccessKey: raw.MEDIA_S3_SECRET_ACCESS_KEY!,
      endpoint: raw.MEDIA_S3_ENDPOINT ?? null,
      forcePathStyle: raw.MEDIA_S3_FORCE_PATH_STYLE ?? raw.MEDIA_S3_ENDPOINT !== undefined,
      prefix: raw.MEDIA_S3_PREFIX ?? '',
    },
  };
}
