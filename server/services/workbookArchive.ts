import { inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { badRequest, HttpError } from '../errors';

/**
 * How far an .xlsx may unpack. A 100,000-row sheet of the widest kind (12 columns, about 16 MB as
 * CSV) unpacks to 56 MB of XML (sheet and shared strings), each part packed about 12 times; 100 MB
 * leaves room for the extra attributes Excel writes. A "zip bomb" packs its XML a thousand times.
 */
export interface WorkbookLimits {
  /** The XML parts together, unpacked. */
  maxUnpackedBytes: number;
  /** One part may unpack to this many times its packed size (parts under 1 MB excepted). */
  maxCompressionRatio: number;
}

export const defaultWorkbookLimits: WorkbookLimits = {
  maxUnpackedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
};

const ratioExemptBytes = 1024 * 1024;
/** An .xlsx has a dozen parts; thousands would only make us loop. */
const maxEntries = 1000;

interface ZipEntry {
  name: string;
  method: number;
  packedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

export const unreadableWorkbook = () =>
  badRequest('This file could not be read as an Excel (.xlsx) workbook');

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** A 413 naming the file field: the remedy is a smaller file. */
export const fileTooLarge = (message: string) =>
  new HttpError(413, message, [{ field: 'file', msg: message }]);

const unpacksTooMuch = (limits: WorkbookLimits) =>
  fileTooLarge(
    `The workbook unpacks to more than ${mb(limits.maxUnpackedBytes)} MB: split it into smaller files or upload a CSV`,
  );

const packedTooTightly = (limits: WorkbookLimits, name: string) =>
  fileTooLarge(
    `The workbook part ${name} unpacks to more than ${limits.maxCompressionRatio} times its packed size, ` +
      'which no spreadsheet does: save it again from Excel or upload a CSV',
  );

/** The parts read-excel-file reads; pictures, printer settings and the like are never unpacked. */
const isXmlPart = (name: string) => name.endsWith('.xml') || name.endsWith('.xml.rels');

/**
 * The XML parts of an .xlsx, unpacked within `limits`, packed again without compression for the
 * spreadsheet reader: it then reads exactly the bytes checked here, however the archive lies.
 * Refuses (413) when the sizes the archive declares or the bytes it really inflates to exceed them.
 */
export function repackWorkbook(data: Uint8Array, limits: WorkbookLimits = defaultWorkbookLimits) {
  try {
    return zipSync(unpackXmlParts(data, limits), { level: 0 });
  } catch (err) {
    // A truncated or garbled directory makes the reads above run off the end of the buffer.
    if (err instanceof HttpError) throw err;
    throw unreadableWorkbook();
  }
}

function unpackXmlParts(data: Uint8Array, limits: WorkbookLimits) {
  const entries = readCentralDirectory(data).filter((e) => isXmlPart(e.name));
  let declared = 0;
  for (const e of entries) {
    declared += e.declaredSize;
    if (declared > limits.maxUnpackedBytes) throw unpacksTooMuch(limits);
    if (e.declaredSize > allowance(e, limits)) throw packedTooTightly(limits, e.name);
  }
  const parts: Record<string, Uint8Array> = {};
  let unpacked = 0;
  for (const e of entries) {
    const room = limits.maxUnpackedBytes - unpacked;
    const own = allowance(e, limits);
    const part = inflateEntry(data, e, Math.min(own, room));
    if (part === 'over')
      throw room < own ? unpacksTooMuch(limits) : packedTooTightly(limits, e.name);
    unpacked += part.length;
    parts[e.name] = part;
  }
  return parts;
}

const allowance = (e: ZipEntry, limits: WorkbookLimits) =>
  Math.max(ratioExemptBytes, e.packedSize * limits.maxCompressionRatio);

/** Inflates one entry, stopping as soon as it passes `maxBytes` (declared sizes can lie). */
function inflateEntry(data: Uint8Array, e: ZipEntry, maxBytes: number): Uint8Array | 'over' {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = e.localHeaderOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== 0x04034b50) throw unreadableWorkbook();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const packed = data.subarray(start, start + e.packedSize);
  if (packed.length !== e.packedSize) throw unreadableWorkbook();
  if (e.method === 0) return packed.length > maxBytes ? 'over' : packed;
  if (e.method !== 8) throw unreadableWorkbook();
  try {
    return inflateRawSync(packed, { maxOutputLength: Math.max(maxBytes, 1) });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return 'over';
    throw unreadableWorkbook();
  }
}

/** The entries a zip's central directory lists, with their declared sizes (ZIP64 sizes too). */
function readCentralDirectory(data: Uint8Array): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end record sits in the last 22 bytes plus a comment of at most 64 KB.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadableWorkbook();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count > maxEntries) throw unreadableWorkbook();
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== 0x02014b50)
      throw unreadableWorkbook();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength));
    const entry: ZipEntry = {
      name,
      method: view.getUint16(at + 10, true),
      packedSize: view.getUint32(at + 20, true),
      declaredSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    readZip64Sizes(view, at + 46 + nameLength, extraLength, entry);
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Fields that do not fit 32 bits are 0xFFFFFFFF and sit, in this order, in the ZIP64 extra field. */
function readZip64Sizes(view: DataView, from: number, length: number, e: ZipEntry) {
  const max = 0xffffffff;
  if (e.declaredSize !== max && e.packedSize !== max && e.localHeaderOffset !== max) return;
  for (let i = from; i + 4 <= from + length;) {
    const id = view.getUint16(i, true);
    const size = view.getUint16(i + 2, true);
    if (id === 0x0001) {
      let p = i + 4;
      const next = () => {
        if (p + 8 > i + 4 + size) throw unreadableWorkbook();
        const v = Number(view.getBigUint64(p, true));
        p += 8;
        return v;
      };
      if (e.declaredSize === max) e.declaredSize = next();
      if (e.packedSize === max) e.packedSize = next();
      if (e.localHeaderOffset === max) e.localHeaderOffset = next();
      return;
    }
    i += 4 + size;
  }
  throw unreadableWorkbook();
}
