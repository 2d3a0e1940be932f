import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { FileStorage } from './types';

export { createLocalStorage } from './local';
export { createS3Storage } from './s3';
export { contentTypeOf, sniffFileType } from './sniff';
export {
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
  type ListedFile,
  type StoredFile,
} from './types';

/** The configured store: the S3 bucket when `S3_BUCKET` is set, else `DATA_DIR/files`. */
export const createStorage = (config: Config): FileStorage =>
  config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
