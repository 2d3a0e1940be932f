import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import { configFromEnv } from '../helpers';

const load = configFromEnv;

const keys = { S3_ACCESS_KEY_ID: 'AKIA-TEST', S3_SECRET_ACCESS_KEY: 'secret-test' };

describe('S3 configuration', () => {
  it('no S3_BUCKET (or an empty one): files stay in DATA_DIR/files', () => {
    expect(load({}).s3).toBeUndefined();
    expect(load({ S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it('S3_BUCKET with keys: AWS in us-east-1 with virtual-hosted addressing', () => {
    expect(load({ S3_BUCKET: 'evidence', ...keys }).s3).toEqual({
      bucket: 'evidence',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'secret-test',
      forcePathStyle: false,
    });
    expect(load({ S3_BUCKET: 'evidence', S3_REGION: 'eu-west-1', ...keys }).s3?.region).toBe(
      'eu-west-1',
    );
  });

  it('S3_ENDPOINT (MinIO, Ceph, Garage): path-style unless S3_FORCE_PATH_STYLE=false', () => {
    const minio = { S3_BUCKET: 'evidence', S3_ENDPOINT: 'http://minio:9000', ...keys };
    expect(load(minio).s3).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(load({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(load({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true', ...keys }).s3?.forcePathStyle).toBe(
      true,
    );
  });

  it.each([
    [{ S3_BUCKET: 'evidence' }, 'S3_BUCKET is set, so S3_ACCESS_KEY_ID must be set too'],
    [
      { S3_BUCKET: 'evidence', S3_ACCESS_KEY_ID: 'AKIA-TEST' },
      'S3_BUCKET is set, so S3_SECRET_ACCESS_KEY must be set too',
    ],
    [
      { S3_BUCKET: 'evidence', S3_SECRET_ACCESS_KEY: 'secret-test' },
      'S3_BUCKET is set, so S3_ACCESS_KEY_ID must be set too',
    ],
    [keys, 'S3_ACCESS_KEY_ID is set but S3_BUCKET is not'],
    [{ S3_SECRET_ACCESS_KEY: 'secret-test' }, 'S3_SECRET_ACCESS_KEY is set but S3_BUCKET is not'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT is set but S3_BUCKET is not'],
    [{ S3_REGION: 'eu-west-1' }, 'S3_REGION is set but S3_BUCKET is not'],
    [
      { S3_BUCKET: 'evidence', S3_ENDPOINT: 'minio:9000', ...keys },
      'S3_ENDPOINT must be an http(s) URL, got "minio:9000"',
    ],
    [
      { S3_BUCKET: 'evidence', S3_FORCE_PATH_STYLE: 'yes', ...keys },
      'S3_FORCE_PATH_STYLE must be true or false, got "yes"',
    ],
  ])('%o is refused: %s', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });
});
