import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  /** Where the file lives in the store; what the database keeps. */
  key: string;
  sha256: string;
  size: number;
}

/**
 * Where uploaded files live (DESIGN §1): a local folder by default; an S3-compatible store can
 * implement the same interface later. Keys are generated here, never taken from a client.
 */
export interface FileStorage {
  put(data: Buffer, prefix: string, extension: string): Promise<StoredFile>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): FileStorage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return p;
  };
  return {
    async put(data, prefix, extension) {
      const key = `${prefix}/${randomUUID()}${extension}`;
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { mode: 0o600 });
      return { key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
    },
    get: (key) => readFile(full(key)),
    remove: (key) => rm(full(key), { force: true }),
  };
}

/** What a file really is, by its first bytes, for the kinds we accept. */
export function sniffFileType(
  data: Buffer,
): { contentType: string; extension: string } | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { contentType: 'image/jpeg', extension: '.jpg' };
  }
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { contentType: 'image/png', extension: '.png' };
  }
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') {
    return { contentType: 'application/pdf', extension: '.pdf' };
  }
  return undefined;
}
