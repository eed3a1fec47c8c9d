import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMediaStorage, type MediaStorage } from './media-storage';
import { configuredMediaStorage } from './media.module';
import { createS3Client, s3MediaStorage } from './s3-media-storage';

const KEY = '0b7e6b4c-2c3f-4a51-9d3e-6f1a2b3c4d5e.webp';
const OTHER = '1b7e6b4c-2c3f-4a51-9d3e-6f1a2b3c4d5e.webp';

/** One suite for every implementation of the port: what the media pipeline and `/media/{key}` rely on. */
function conformance(name: string, storage: () => MediaStorage) {
  describe(`MediaStorage: ${name}`, () => {
    it('gives back what was put, with its content type', async () => {
      const bytes = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0xff]);
      await storage().put(KEY, bytes, 'image/webp');
      const got = await storage().get(KEY);
      expect(got?.contentType).toBe('image/webp');
      expect(Buffer.compare(got!.bytes, bytes)).toBe(0);
    });

    it('reads a key never put as null', async () => {
      expect(await storage().get(OTHER)).toBeNull();
    });

    it('refuses keys it did not generate, reading and writing', async () => {
      await expect(storage().put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
        'Not a media key',
      );
      expect(await storage().get('../../etc/passwd')).toBeNull();
    });
  });
}

let folder = '';
let server: S3rver | undefined;
let endpoint = '';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'media-storage-'));
  // An S3-compatible server in this process, on a free loopback port, storing under the temporary folder.
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(folder, 's3') });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  await s3Client().send(new CreateBucketCommand({ Bucket: 'bof-media' }));
});

afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The MEDIA_S3_* settings for the test server's bucket. */
const s3Settings = (prefix: string) => ({
  bucket: 'bof-media',
  region: 'eu-west-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  endpoint,
  forcePathStyle: true,
  prefix,
});
const s3Client = () => createS3Client(s3Settings(''));

conformance('files under a folder', () => fileMediaStorage(path.join(folder, 'files')));
conformance('S3-compatible bucket (s3rver)', () =>
  s3MediaStorage({ bucket: 'bof-media', prefix: 'media/' }, s3Client()),
);
// What the platform builds from its variables: the bucket, reached through the SDK loaded on first use.
conformance('configured S3 storage (MEDIA_S3_*)', () =>
  configuredMediaStorage({
    dataDir: path.join(folder, 'unused'),
    media: { s3: s3Settings('configured/') },
  } as unknown as Parameters<typeof configuredMediaStorage>[0]),
);

describe('S3 media storage', () => {
  it('stores under the prefix, and fails loudly when the bucket does not exist', async () => {
    const storage = s3MediaStorage({ bucket: 'no-such-bucket', prefix: '' }, s3Client());
    await expect(storage.put(KEY, Buffer.from('x'), 'image/webp')).rejects.toThrow();
  });
});
