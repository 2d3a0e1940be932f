import { strToU8, unzipSync, zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { jobFieldNames } from '../../../reference/jobKinds';

/** Bulk files of the address kind (the widest: 12 columns) for the upload tests. */
export const header = jobFieldNames('address');

export const row = (i: number, over: Record<string, string> = {}) => {
  const r: Record<string, string> = {
    first_name: `Ada${i}`,
    last_name: 'Obi',
    phone: `0803${String(1000000 + i).slice(-7)}`,
    email: `ada${i}@example.ng`,
    address: `${i} Broad Street`,
    landmark: 'Near the church',
    state: 'lagos',
    lga: 'Lagos Island',
    ...over,
  };
  return header.map((h) => r[h] ?? '');
};

export const csv = (rows: string[][], sep = ',') =>
  [header, ...rows]
    .map((r) => r.map((c) => (c.includes(sep) ? `"${c}"` : c)).join(sep))
    .join('\r\n');

/** A real workbook from write-excel-file whose first sheet is replaced by `sheetXml`. */
export async function workbookWithSheet(sheetXml: string, level: 1 | 9 = 9) {
  const base = await writeXlsxFile([[{ value: 'x' }]] as never).toBuffer();
  const parts = unzipSync(new Uint8Array(base));
  parts['xl/worksheets/sheet1.xml'] = strToU8(sheetXml);
  return Buffer.from(zipSync(parts, { level }));
}

const sheet = (rowsXml: string) =>
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
  rowsXml +
  '</sheetData></worksheet>';

const inlineRow = (r: number, cells: string[]) =>
  `<row r="${r}">${cells
    .map(
      (c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`,
    )
    .join('')}</row>`;

/** A "zip bomb": a header row, then one cell of about `mb` MB of one letter, packed to ~50 KB. */
export const zipBomb = (mb: number) =>
  workbookWithSheet(sheet(inlineRow(1, header) + inlineRow(2, ['A'.repeat(mb * 1024 * 1024)])));

/** A workbook of `count` address rows with inline strings, as some tools write them. */
export const rowsWorkbook = (count: number) =>
  workbookWithSheet(
    sheet(
      [
        inlineRow(1, header),
        ...Array.from({ length: count }, (_, i) => inlineRow(i + 2, row(i))),
      ].join(''),
    ),
    1,
  );

/**
 * The archive with every part's unpacked size declared as `declared` bytes, in the central
 * directory and the local headers alike: a lie a reader that trusts it would not catch.
 */
export function withDeclaredSizes(zip: Buffer, declared: number) {
  const out = Buffer.from(zip);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i);
    if (sig === 0x04034b50) out.writeUInt32LE(declared, i + 22);
    if (sig === 0x02014b50) out.writeUInt32LE(declared, i + 24);
  }
  return out;
}

/** The start of an old binary Excel (.xls) file: the OLE2 signature, then its first sector. */
export const xlsFile = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
