import Papa from 'papaparse';
import { jobFieldDefs, type JobKind } from '../../reference/jobKinds';
import { validateJobFields, type ValidJobFields } from '../../reference/jobFields';
import { badRequest, HttpError } from '../errors';
import {
  defaultWorkbookLimits,
  repackWorkbook,
  unreadableWorkbook,
  type WorkbookLimits,
} from './workbookArchive';

export const maxImportBytes = 20 * 1024 * 1024;
export const maxImportRows = 100_000;
/** A response listing every error of a 100,000-row file would be megabytes; this many is plenty. */
export const maxListedErrors = 1000;

export interface RowError {
  row: number;
  field: string;
  msg: string;
}

/** A 400 that lists row errors: `{message, errors:[{row, field, msg}]}`. */
export class ImportError extends HttpError {
  constructor(message: string, rowErrors: RowError[]) {
    super(400, message, rowErrors);
  }
}

type Cell = string | number | boolean | Date | null | undefined;

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * Reads and validates a bulk file: CPU-heavy for a large file, so the import worker runs it (see
 * importParser.ts), never the thread that answers requests.
 */
export async function parseImportFile(
  kind: JobKind,
  data: Buffer,
  filename: string,
  workbookLimits: WorkbookLimits = defaultWorkbookLimits,
): Promise<ValidJobFields[]> {
  return validateImportRows(kind, await readSpreadsheet(data, filename, workbookLimits));
}

/** The rows of a CSV (comma, semicolon or tab; UTF-8, BOM or not) or XLSX file, header first. */
export async function readSpreadsheet(
  data: Buffer,
  filename: string,
  workbookLimits: WorkbookLimits = defaultWorkbookLimits,
): Promise<Cell[][]> {
  if (data.length === 0) throw badRequest('The file is empty');
  if (data.length > maxImportBytes) {
    throw new HttpError(413, 'The file is larger than 20 MB: split it into smaller files');
  }
  const zip = data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (zip) {
    // Unpacked within limits first: the reader itself would inflate a "zip bomb" whole.
    const workbook = repackWorkbook(data, workbookLimits);
    // Loaded at the first workbook, not at the server's start.
    const { readSheet } = await import('read-excel-file/node');
    try {
      return (await readSheet(
        Buffer.from(workbook.buffer, workbook.byteOffset, workbook.length),
      )) as Cell[][];
    } catch {
      throw unreadableWorkbook();
    }
  }
  if (data[0] === 0xd0 && data[1] === 0xcf && data[2] === 0x11 && data[3] === 0xe0) {
    throw badRequest('Old Excel (.xls) files are not supported: save the sheet as .xlsx or CSV');
  }
  // Text files only: a NUL byte or undecodable bytes mean an image, a PDF or the like. The whole
  // file is checked: a NUL further on would fail the insert, a stray byte would become "�" in a name.
  // The decoder drops a leading BOM and turns each undecodable byte into U+FFFD.
  const text = new TextDecoder().decode(data);
  if (
    data.includes(0) ||
    /\.(pdf|jpe?g|png|docx?|zip)$/i.test(filename) ||
    text.includes('\uFFFD')
  ) {
    throw badRequest('Wrong file type: upload a CSV or an Excel (.xlsx) file');
  }
  const parsed = Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
  });
  return parsed.data;
}

/**
 * Validates every data row of a bulk file for the kind. Throws a 400 naming the header's problems,
 * or listing each bad row (numbered from 1 after the header); answers the rows ready to insert.
 */
export function validateImportRows(kind: JobKind, table: Cell[][]): ValidJobFields[] {
  const rows = table.filter((r) =>
    r.some((c) => c !== null && c !== undefined && String(c).trim() !== ''),
  );
  if (!rows.length) throw badRequest('The file is empty');
  const header = rows[0]!.map((h) => headerKey(String(h ?? '')));
  const data = rows.slice(1);
  if (!data.length) throw badRequest('The file has a header row but no jobs');
  if (data.length > maxImportRows) {
    throw badRequest(
      `The file has ${data.length.toLocaleString('en-US')} rows: at most 100,000 can be imported at once`,
    );
  }
  const defs = jobFieldDefs[kind];
  const byKey = new Map<string, string>();
  for (const d of defs) {
    byKey.set(d.name, d.name);
    byKey.set(headerKey(d.label), d.name);
  }
  const columns = header.map((h) => byKey.get(h));
  const headerErrors: RowError[] = [];
  header.forEach((h, i) => {
    if (!h) return; // a blank column, e.g. one Excel kept after its contents were deleted
    if (!columns[i]) headerErrors.push({ row: 0, field: h, msg: `Unknown column "${h}"` });
    else if (columns.indexOf(columns[i]) < i) {
      headerErrors.push({ row: 0, field: h, msg: `The column "${h}" appears twice` });
    }
  });
  for (const d of defs) {
    if (d.required && !columns.includes(d.name)) {
      headerErrors.push({ row: 0, field: d.name, msg: `The header row has no ${d.name} column` });
    }
  }
  if (headerErrors.length) {
    throw new ImportError(
      `The header row does not match the ${kind} template: ${headerErrors.map((e) => e.msg).join('; ')}`,
      headerErrors,
    );
  }
  // Each field's column; -1 (no such column) reads as an empty cell.
  const fieldColumns = defs.map((d) => [d.name, columns.indexOf(d.name)] as const);
  const valid: ValidJobFields[] = [];
  const errors: RowError[] = [];
  let badRows = 0;
  let errorsLeftOut = false;
  for (let i = 0; i < data.length; i++) {
    const cells = data[i]!;
    const record = Object.fromEntries(fieldColumns.map(([name, c]) => [name, cells[c]]));
    const result = validateJobFields(kind, record);
    if (result.ok) valid.push(result.value);
    else {
      badRows++;
      for (const e of result.errors) {
        if (errors.length < maxListedErrors) errors.push({ row: i + 1, ...e });
        else errorsLeftOut = true;
      }
    }
  }
  if (badRows) {
    const listed = errorsLeftOut ? ` (the first ${maxListedErrors} errors are listed)` : '';
    throw new ImportError(
      `${badRows} of ${data.length} rows have errors; nothing was imported${listed}`,
      errors,
    );
  }
  return valid;
}
