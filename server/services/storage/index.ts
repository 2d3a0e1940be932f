import path from 'node:path';
import type { Config, S3Config } from '../../config';
import { createLocalStorage } from './local';
import type { FileStorage } from './types';

export { createLocalStorage } from './local';
export { contentTypeOf, sniffFileType } from './sniff';
export {
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
  type ListedFile,
  type StoredFile,
} from './types';

/**
 * Objects in an S3-compatible bucket (./s3.ts), the AWS SDK loaded at the first call rather than
 * at every start (a fifth of a second): most installs keep their files on disk.
 */
export function createS3Storage(config: S3Config): FileStorage {
  let store: Promise<FileStorage> | undefined;
  const s3 = () => (store ??= import('./s3').then((m) => m.createS3Storage(config)));
  return {
    put: async (data, prefix, extension) => (await s3()).put(data, prefix, extension),
    get: async (key) => (await s3()).get(key),
    remove: async (key) => (await s3()).remove(key),
    async *list() {
      yield* (await s3()).list();
    },
    check: async () => (await s3()).check(),
    close: async () => {
      if (store) await (await store).close();
    },
  };
}

/** The configured store: the S3 bucket when `S3_BUCKET` is set, else `DATA_DIR/files`. */
export const createStorage = (config: Config): FileStorage =>
  config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
