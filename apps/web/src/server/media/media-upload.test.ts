import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createMediaService } from '@bof/api/media';
import { createClientRateLimiter } from '../collector/collector-rate-limit';
import { MEDIA_UPLOAD_RATE, uploadMedia, type MediaUploadDeps } from './media-upload';

const SITE = 'https://www.example.org';

function setup(limiter = createClientRateLimiter(MEDIA_UPLOAD_RATE)) {
  const files = new Map<string, Buffer>();
  const media = createMediaService({
    storage: {
      put: async (key, bytes) => void files.set(key, bytes),
      get: async (key) => (files.has(key) ? { bytes: files.get(key)!, contentType: 'image/webp' } : null),
    },
    record: async () => undefined,
  });
  const deps: MediaUploadDeps = { siteOrigin: SITE, limiter, ingest: media.ingest };
  return { files, deps };
}

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/media/`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/octet-stream', origin: SITE, ...headers },
    duplex: 'half',
  } as RequestInit);

const png = (width = 30, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const errorCode = async (response: Response) => {
  const { status, body } = await answer(response);
  return `${status} ${(body.error as { code: string }).code}`;
};

/** A PNG whose header claims `width` × `height` (CRC fixed), with the pixel data of a 1×1 image. */
async function pngClaiming(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = Buffer.from(await png(1, 1));
  // Signature (8), IHDR length (4), type (4), then width and height.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return new Uint8Array(bytes);
}

describe('uploading a photo (POST /api/media/)', () => {
  it('takes a real photo from a signed-in reader and answers its id and address', async () => {
    const { files, deps } = setup();
    const { status, body } = await answer(await uploadMedia(post(await png()), 'reader-1', deps));
    expect(status).toBe(201);
    expect(body).toMatchObject({ url: `/media/${String(body.id)}.webp`, width: 30, height: 20 });
    expect(files.has(`${String(body.id)}.webp`)).toBe(true);
  });

  it('refuses a signed-out request, and one from another site, before reading anything', async () => {
    const { files, deps } = setup();
    expect(await errorCode(await uploadMedia(post(await png()), null, deps))).toBe('401 unauthenticated');
    const foreign = post(await png(), { origin: 'https://evil.example.com' });
    expect(await errorCode(await uploadMedia(foreign, 'reader-1', deps))).toBe('403 forbidden_origin');
    const fetchMetadata = post(await png(), { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(await errorCode(await uploadMedia(fetchMetadata, 'reader-1', deps))).toBe('403 forbidden_origin');
    expect(files.size).toBe(0);
  });

  it('refuses form content types, which a cross-site form could send without a preflight', async () => {
    const { deps } = setup();
    for (const type of [
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await uploadMedia(post(await png(), { 'content-type': type }), 'reader-1', deps);
      expect(await errorCode(response)).toBe('415 unsupported_media_type');
    }
  });

  it('refuses a text file named .jpg by its content', async () => {
    const { files, deps } = setup();
    const text = new File(['Just some notes, not a photo.\n'], 'holiday.jpg', { type: 'image/jpeg' });
    const response = await uploadMedia(post(text, { 'content-type': 'image/jpeg' }), 'reader-1', deps);
    const { status, body } = await answer(response);
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 'media_rejected',
      message: 'This file is not an image. Upload a JPEG, PNG or WebP photo.',
    });
    expect(files.size).toBe(0);
  });

  it('stores a polyglot (a photo with a script and an archive appended) only as the re-encoded pixels', async () => {
    const { files, deps } = setup();
    const payload = Buffer.from('<script>alert(document.cookie)</script>PK\u0003\u0004evil.html');
    const polyglot = Buffer.concat([await png(), payload]);
    const { status, body } = await answer(await uploadMedia(post(polyglot), 'reader-1', deps));
    expect(status).toBe(201);
    const stored = files.get(`${String(body.id)}.webp`)!;
    expect(stored.subarray(0, 4).toString()).toBe('RIFF');
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
  });

  it('refuses an HTML page that carries a photo after its markup', async () => {
    const { files, deps } = setup();
    const html = Buffer.concat([Buffer.from('<!doctype html><script>alert(1)</script>'), await png()]);
    expect(await errorCode(await uploadMedia(post(html), 'reader-1', deps))).toBe('400 media_rejected');
    expect(files.size).toBe(0);
  });

  it('refuses an image over 40 megapixels from its header, without decoding it', async () => {
    const { deps } = setup();
    const response = await uploadMedia(post(await pngClaiming(8000, 5001)), 'reader-1', deps);
    const { status, body } = await answer(response);
    expect(status).toBe(400);
    expect((body.error as { message: string }).message).toBe('A photo can have at most 40 megapixels.');
  });

  it('answers 413 for a body over 10 MB, declared or not, having read at most 10 MB and one chunk', async () => {
    const { deps } = setup();
    const declared = post(Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(await errorCode(await uploadMedia(declared, 'reader-1', deps))).toBe('413 body_too_large');

    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await uploadMedia(post(endless), 'reader-1', deps);
    expect(await errorCode(response)).toBe('413 body_too_large');
    expect(pulled).toBeLessThanOrEqual(13);
  });

  it('limits each reader to a burst of uploads, then asks them to wait', async () => {
    let now = 0;
    const { deps } = setup(createClientRateLimiter({ ...MEDIA_UPLOAD_RATE, now: () => now }));
    const photo = await png(4, 4);
    for (let i = 0; i < MEDIA_UPLOAD_RATE.burst; i += 1)
      expect((await uploadMedia(post(photo), 'reader-1', deps)).status).toBe(201);
    const refused = await uploadMedia(post(photo), 'reader-1', deps);
    expect(await errorCode(refused)).toBe('429 rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another reader is not affected; the first may upload again after a while.
    expect((await uploadMedia(post(photo), 'reader-2', deps)).status).toBe(201);
    now += 20_000;
    expect((await uploadMedia(post(photo), 'reader-1', deps)).status).toBe(201);
  });
});
