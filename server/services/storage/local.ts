import { constants } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  newKey,
  storedFile,
  StorageUnavailableError,
  StoredFileMissingError,
  type FileStorage,
  type ListedFile,
} from './types';

/** The files under `dir`, keys relative to `root` with `/` between segments. */
async function* walk(root: string, dir: string): AsyncGenerator<ListedFile> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return; // nothing stored yet
    throw err;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(root, full);
    else if (e.isFile()) {
      const st = await stat(full).catch(() => undefined); // removed meanwhile
      if (st) {
        yield { key: path.relative(root, full).split(path.sep).join('/'), modifiedAt: st.mtime };
      }
    }
  }
}

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
    list: () => walk(path.resolve(root), path.resolve(root)),
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
