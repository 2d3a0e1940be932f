import { constants } from 'node:fs';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  newKey,
  storedFile,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
} from './types';

/** Files in a folder (`DATA_DIR/files`), readable only by this user. */
export function createLocalStorage(root: string): FileStorage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error(`bad storage key ${key}`);
    return p;
  };
  return {
    async put(data, prefix, extension) {
      const key = newKey(prefix, extension);
      const file = full(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600 });
      return storedFile(key, data);
    },
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') {
          throw new StoredFileMissingError(key, { cause: err });
        }
        throw err;
      }
    },
    remove: async (key) => rm(full(key), { force: true }),
    async check() {
      try {
        await mkdir(root, { recursive: true, mode: 0o700 });
        await access(root, constants.W_OK);
      } catch (err) {
        const reason = (err as { code?: string }).code ?? String(err);
        throw new StorageUnavailableError(`file folder ${root} cannot be used: ${reason}`, {
          cause: err,
        });
      }
    },
    close: async () => undefined,
  };
}
