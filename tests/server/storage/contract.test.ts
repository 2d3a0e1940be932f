import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalStorage,
  createS3Storage,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
} from '../../../server/services/storage';
import { startS3, type S3Peer } from './s3rver';

let s3: S3Peer;
let root: string;
beforeAll(async () => {
  s3 = await startS3();
  root = mkdtempSync(path.join(tmpdir(), 'storage-test-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(root, { recursive: true, force: true });
});

const stores: [string, () => FileStorage][] = [
  ['local folder', () => createLocalStorage(path.join(root, 'files'))],
  ['S3 bucket', () => createS3Storage(s3.config)],
];

describe.each(stores)('FileStorage contract: %s', (_name, create) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = create();
  });
  afterAll(() => storage.close());

  it('gives back the bytes it stored, with their SHA-256 and size', async () => {
    const data = randomBytes(70_000);
    const stored = await storage.put(data, 'captures/job-1', '.jpg');
    expect(stored.size).toBe(70_000);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect((await storage.get(stored.key)).equals(data)).toBe(true);
  });

  it('makes a new key under the prefix for every put, even of the same bytes', async () => {
    const data = Buffer.from('same bytes');
    const a = await storage.put(data, 'attachments', '.pdf');
    const b = await storage.put(data, 'attachments', '.pdf');
    for (const { key } of [a, b]) {
      expect(key).toMatch(
        /^attachments\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/,
      );
    }
    expect(a.key).not.toBe(b.key);
    expect(a.sha256).toBe(b.sha256);
  });

  it('after remove, get rejects as missing (what the file routes answer 404 for)', async () => {
    const { key } = await storage.put(Buffer.from('gone soon'), 'captures/job-2', '.jpg');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.get('captures/never/stored.jpg')).rejects.toBeInstanceOf(
      StoredFileMissingError,
    );
  });

  it('rejects keys that could reach outside the store', async () => {
    for (const key of ['../outside.jpg', '/etc/passwd', '']) {
      await expect(storage.get(key)).rejects.toThrow(/bad storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/bad storage key/);
    }
  });

  it('lists what it holds, each file with when it was written', async () => {
    const before = Date.now() - 60_000; // S3 dates have whole seconds; clocks may differ a bit
    const { key } = await storage.put(Buffer.from('listed'), 'pictures/someone', '.png');
    const listed = [];
    for await (const f of storage.list()) listed.push(f);
    const mine = listed.find((f) => f.key === key);
    expect(mine?.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(mine!.modifiedAt.getTime()).toBeLessThan(Date.now() + 60_000);
    await storage.remove(key);
    const after = [];
    for await (const f of storage.list()) after.push(f.key);
    expect(after).not.toContain(key);
    expect(after.length).toBe(listed.length - 1);
  });

  it('passes its start-up check', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe('S3 bucket specifics', () => {
  it('stores private objects (no ACL sent) with a content type from the extension', async () => {
    const storage = createS3Storage(s3.config);
    const png = await storage.put(Buffer.from('png-ish'), 'attachments', '.png');
    const head = await s3.client.send(
      new HeadObjectCommand({ Bucket: s3.config.bucket, Key: png.key }),
    );
    expect(head.ContentType).toBe('image/png');
    expect(head.ContentLength).toBe(7);
    const put = s3.requests.find((r) => r.method === 'PUT' && r.url.includes(png.key));
    expect(put?.url.split('?')[0]).toBe(`/${s3.config.bucket}/${png.key}`); // path-style
    expect(put?.headers).not.toHaveProperty('x-amz-acl');
    expect(put?.headers['authorization']).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\//);
    await storage.close();
  });

  it('an object deleted behind our back is missing, not a server error', async () => {
    const storage = createS3Storage(s3.config);
    const { key } = await storage.put(Buffer.from('x'), 'captures/job-3', '.jpg');
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredFileMissingError);
    await storage.close();
  });

  it('other failures (wrong access key) are not turned into "missing"', async () => {
    const storage = createS3Storage({ ...s3.config, accessKeyId: 'NOT-S3RVER' });
    const err = await storage.get('captures/job-4/x.jpg').catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(err).not.toBeInstanceOf(StoredFileMissingError);
    await storage.close();
  });

  it('the start-up check names a bucket that does not exist', async () => {
    const storage = createS3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    const err = await storage.check().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toMatch(
      new RegExp(`^S3 bucket "no-such-bucket" at ${s3.config.endpoint} cannot be used: .*404`),
    );
    await storage.close();
  });
});

describe('local folder specifics', () => {
  it('the start-up check fails when the folder cannot be made', async () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a folder');
    const err = await createLocalStorage(path.join(file, 'files'))
      .check()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toContain(`file folder ${file}/files cannot be used: ENOTDIR`);
  });
});
