import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * The few parts of the ustar format a backup needs: regular files only, written and read one
 * after another, so an archive of any size passes through a small buffer. Every entry's SHA-256
 * is computed as it goes by, for the manifest and for the check before a restore.
 */
const block = 512;
const chunkSize = 1 << 20;

export interface TarEntry {
  name: string;
  size: number;
  sha256: string;
}

/** `name` in the ustar fields: up to 100 bytes, or a prefix of up to 155 bytes cut at a `/`. */
function splitName(name: string): [prefix: string, rest: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return [prefix, rest];
  }
  throw new Error(`The name ${name} is too long for the archive`);
}

function header(name: string, size: number, mtime: Date) {
  const h = Buffer.alloc(block);
  const [prefix, rest] = splitName(name);
  const octal = (value: number, at: number, width: number) =>
    h.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii');
  h.write(rest, 0, 'utf8');
  octal(0o600, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  h.write('        ', 148, 'ascii'); // the checksum counts itself as spaces
  h.write('0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.write(prefix, 345, 'utf8');
  const sum = h.reduce((n, b) => n + b, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

const padding = (size: number) => Buffer.alloc((block - (size % block)) % block);

/** An archive being written to `file` (created, readable by this user only). */
export async function createTar(file: string) {
  const out = await open(file, 'wx', 0o600);
  const mtime = new Date();
  const entries: TarEntry[] = [];
  const add = async (name: string, chunks: AsyncIterable<Buffer> | Buffer[], size: number) => {
    await out.write(header(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    for await (const chunk of chunks) {
      hash.update(chunk);
      written += chunk.length;
      await out.write(chunk);
    }
    if (written !== size) throw new Error(`${name} changed size while it was archived`);
    await out.write(padding(size));
    const entry = { name, size, sha256: hash.digest('hex') };
    entries.push(entry);
    return entry;
  };
  return {
    entries,
    addBuffer: (name: string, data: Buffer) => add(name, [data], data.length),
    async addFile(name: string, path: string) {
      const input = await open(path, 'r');
      try {
        const { size } = await input.stat();
        return await add(name, input.createReadStream({ highWaterMark: chunkSize }), size);
      } finally {
        await input.close();
      }
    },
    async close() {
      await out.write(Buffer.alloc(2 * block));
      await out.sync();
      await out.close();
    },
    abort: () => out.close(),
  };
}

export class BadArchiveError extends Error {}

function readHeader(h: Buffer, at: number) {
  if (h.every((b) => b === 0)) return undefined;
  const text = (from: number, length: number) => {
    const field = h.subarray(from, from + length);
    const end = field.indexOf(0);
    return field.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  const sum = h.reduce((n, b, i) => n + (i >= 148 && i < 156 ? 32 : b), 0);
  const size = parseInt(text(124, 12).trim(), 8);
  if (parseInt(text(148, 8).trim(), 8) !== sum || !Number.isSafeInteger(size)) {
    throw new BadArchiveError(`The archive is damaged: no valid entry header at byte ${at}`);
  }
  if (text(156, 1) !== '0' && text(156, 1) !== '') {
    throw new BadArchiveError(`The archive holds an entry that is not a file at byte ${at}`);
  }
  const prefix = text(345, 155);
  return { name: prefix ? `${prefix}/${text(0, 100)}` : text(0, 100), size };
}

/**
 * Reads the archive `file` entry by entry: `onEntry` gets each entry's name and size and returns
 * what to do with its bytes (a consumer per chunk, or nothing to only hash them). Resolves with
 * every entry's name, size and SHA-256.
 */
export async function readTar(
  file: string,
  onEntry: (name: string, size: number) => Promise<((chunk: Buffer) => Promise<void>) | void>,
): Promise<TarEntry[]> {
  let input: FileHandle;
  try {
    input = await open(file, 'r');
  } catch (err) {
    throw new BadArchiveError(`Cannot read the archive ${file}: ${(err as Error).message}`);
  }
  const entries: TarEntry[] = [];
  try {
    const length = (await input.stat()).size;
    const buffer = Buffer.alloc(chunkSize);
    let at = 0;
    const readExactly = async (n: number) => {
      if (at + n > length) throw new BadArchiveError('The archive is cut short');
      const { bytesRead } = await input.read(buffer, 0, n, at);
      if (bytesRead !== n) throw new BadArchiveError('The archive is cut short');
      at += n;
      return buffer.subarray(0, n);
    };
    for (;;) {
      const entry = readHeader(Buffer.from(await readExactly(block)), at - block);
      if (!entry) break;
      const consume = await onEntry(entry.name, entry.size);
      const hash = createHash('sha256');
      for (let left = entry.size; left > 0;) {
        const chunk = await readExactly(Math.min(left, chunkSize));
        hash.update(chunk);
        if (consume) await consume(Buffer.from(chunk));
        left -= chunk.length;
      }
      at += padding(entry.size).length;
      entries.push({ ...entry, sha256: hash.digest('hex') });
    }
    return entries;
  } finally {
    await input.close();
  }
}
