import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './configuration-error';
import { parseMediaEnv } from './media-env';
import { parseServerEnv } from './server-env';

const s3 = {
  MEDIA_S3_BUCKET: 'bof-media',
  MEDIA_S3_REGION: 'eu-west-1',
  MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  MEDIA_S3_SECRET_ACCESS_KEY: 'secret-0123456789',
};

function configurationError(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigurationError) return error;
    throw error;
  }
  throw new Error('expected a ConfigurationError');
}

describe('parseMediaEnv', () => {
  it('keeps files under DATA_DIR when no MEDIA_S3_ variable is set', () => {
    expect(parseMediaEnv({})).toEqual({ s3: null });
    expect(parseServerEnv({}).media).toEqual({ s3: null });
  });

  it('uses AWS S3 of the region when the four variables are set', () => {
    expect(parseMediaEnv(s3).s3).toEqual({
      bucket: 'bof-media',
      region: 'eu-west-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-0123456789',
      endpoint: null,
      forcePathStyle: false,
      prefix: '',
    });
  });

  it('addresses an S3-compatible endpoint by path unless told otherwise', () => {
    const endpoint = parseMediaEnv({
      ...s3,
      MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
      MEDIA_S3_PREFIX: 'media/',
    });
    expect(endpoint.s3).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      prefix: 'media/',
    });
    expect(
      parseMediaEnv({ ...s3, MEDIA_S3_ENDPOINT: 'https://r2.example.org', MEDIA_S3_FORCE_PATH_STYLE: '0' }).s3
        ?.forcePathStyle,
    ).toBe(false);
  });

  it('names every missing variable when the configuration is partial', () => {
    const error = configurationError(() => parseMediaEnv({ MEDIA_S3_BUCKET: 'bof-media' }));
    expect(error.variables).toEqual([
      'MEDIA_S3_REGION',
      'MEDIA_S3_ACCESS_KEY_ID',
      'MEDIA_S3_SECRET_ACCESS_KEY',
    ]);
    expect(error.message).toContain('is required with MEDIA_S3_BUCKET');
    // An endpoint alone is partial too: it must not silently fall back to local files.
    expect(
      configurationError(() => parseMediaEnv({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).variables,
    ).toHaveLength(4);
  });

  it('refuses invalid values, and the server start reports them with the other groups', () => {
    const error = configurationError(() =>
      parseMediaEnv({ ...s3, MEDIA_S3_BUCKET: 'Not A Bucket', MEDIA_S3_ENDPOINT: 'ftp://x' }),
    );
    expect(error.variables.sort()).toEqual(['MEDIA_S3_BUCKET', 'MEDIA_S3_ENDPOINT']);
    expect(configurationError(() => parseServerEnv({ MEDIA_S3_REGION: 'eu-west-1' })).variables).toContain(
      'MEDIA_S3_BUCKET',
    );
  });
});
