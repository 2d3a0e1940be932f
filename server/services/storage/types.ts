import { createHash, randomUUID } from 'node:crypto';

export interface StoredFile {
  /** Where the file lives in the store; what the database keeps. */
  key: string;
  sha256: string;
  size: number;
}

/**
 * Where uploaded files live (DESIGN §1): a local folder by default, an S3-compatible bucket when
 * `S3_BUCKET` is set. Keys are generated here (`prefix/uuid.ext`), never taken from a client.
 */
export interface FileStorage {
  put(data: Buffer, prefix: string, extension: string): Promise<StoredFile>;
  /** Rejects with `StoredFileMissingError` when nothing is stored under `key`. */
  get(key: string): Promise<Buffer>;
  /** Removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored file with when it was last written, in no particular order. */
  list(): AsyncIterable<ListedFile>;
  /** Rejects, saying what is wrong, when the store cannot be used (checked at start). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

export const newKey = (prefix: string, extension: string) =>
  `${prefix}/${randomUUID()}${extension}`;

export const storedFile = (key: string, data: Buffer): StoredFile => ({
  key,
  size: data.length,
  sha256: createHash('sha256').update(data).digest('hex'),
});

/** Nothing is stored under the key, whichever the store: the file routes answer 404. */
export class StoredFileMissingError extends Error {
  constructor(key: string, options?: ErrorOptions) {
    super(`no stored file ${key}`, options);
  }
}

/** The configured store cannot be used; the message says which store and why. */
export class StorageUnavailableError extends Error {}
