import { zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../server/errors';
import {
  maxImportBytes,
  maxImportRows,
  maxListedErrors,
  parseImportFile,
  readSpreadsheet,
  validateImportRows,
} from '../../../server/services/jobImport';
import { jobFieldDefs } from '../../../reference/jobKinds';
import { csv, header, row, workbookWithSheet, xlsFile } from '../jobs/bulkFiles';

/**
 * jobImport's rules called in this thread: the upload route runs them in a worker, where a
 * mutation-testing run cannot switch its mutants on or see what the tests cover.
 */

/** The HttpError `run` throws, for assertions on its status, message and row errors. */
async function refusal(run: () => unknown): Promise<HttpError> {
  try {
    await run();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

const read = (data: Buffer | string, filename = 'jobs.csv') =>
  readSpreadsheet(Buffer.from(data), filename);

const wrongType = 'Wrong file type: upload a CSV or an Excel (.xlsx) file';
const oldExcel = 'Old Excel (.xls) files are not supported: save the sheet as .xlsx or CSV';
const unreadable = 'This file could not be read as an Excel (.xlsx) workbook';

describe('bulk import: file types', () => {
  it('reads a comma, a semicolon and a tab-separated file alike', async () => {
    const rows = [row(1, { address: '3, Marina Road' }), row(2)];
    const expected = [header, ...rows];
    expect(await read(csv(rows))).toEqual(expected);
    expect(await read(csv(rows, ';'))).toEqual(expected);
    expect(await read(csv(rows, '\t'), 'jobs.tsv')).toEqual(expected);
  });

  it('drops a BOM, so a quoted first header is still read', async () => {
    expect(await read('\uFEFF"first_name",b\r\nx,y')).toEqual([
      ['first_name', 'b'],
      ['x', 'y'],
    ]);
  });

  it('skips blank, whitespace-only and ",,,," rows', async () => {
    expect(await read('a,b\r\n\r\n1,2\r\n,,,,\r\n  \r\n , \r\n3,4\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('reads an .xlsx workbook', async () => {
    const xlsx = await writeXlsxFile([
      [{ value: 'first_name' }, { value: 'phone' }],
      [{ value: 'Ada' }, { value: 8031234567, type: Number }],
    ] as never).toBuffer();
    expect(await read(xlsx, 'jobs.xlsx')).toEqual([
      ['first_name', 'phone'],
      ['Ada', 8031234567],
    ]);
  });

  it('refuses an old binary Excel (.xls) file with a message saying what to upload', async () => {
    const xls = xlsFile();
    const err = await refusal(() => read(xls, 'jobs.xls'));
    expect([err.statusCode, err.message]).toEqual([400, oldExcel]);
  });

  it.each([
    [[0x00, 0xcf, 0x11, 0xe0]],
    [[0xd0, 0x00, 0x11, 0xe0]],
    [[0xd0, 0xcf, 0x00, 0xe0]],
    [[0xd0, 0xcf, 0x11, 0x00]],
  ])('takes only the whole .xls signature for one: %j is a wrong file type', async (start) => {
    const err = await refusal(() => read(Buffer.from([...start, 0x41]), 'jobs.xls'));
    expect([err.statusCode, err.message]).toEqual([400, wrongType]);
  });

  it.each([
    ['PK\u0000\u0004'],
    ['P\u0000\u0003\u0004'],
    ['\u0000K\u0003\u0004'],
    ['PK\u0003\u0000'],
  ])('takes only the whole zip signature for a workbook: %j is a wrong file type', async (s) => {
    const err = await refusal(() => read(`${s}rest`, 'jobs.xlsx'));
    expect([err.statusCode, err.message]).toEqual([400, wrongType]);
  });

  it('refuses a corrupt workbook with a message', async () => {
    const garbage = await refusal(() => read('PK\u0003\u0004garbage', 'jobs.xlsx'));
    expect([garbage.statusCode, garbage.message]).toEqual([400, unreadable]);
    // A sound archive whose sheet is not XML: the spreadsheet reader fails, not the unpacking.
    const notXml = await refusal(async () => read(await workbookWithSheet('<<not xml'), 'a.xlsx'));
    expect([notXml.statusCode, notXml.message]).toEqual([400, unreadable]);
    // An archive without a workbook in it.
    const noWorkbook = Buffer.from(zipSync({ 'a.xml': new TextEncoder().encode('<a/>') }));
    const empty = await refusal(() => read(noWorkbook, 'a.xlsx'));
    expect([empty.statusCode, empty.message]).toEqual([400, unreadable]);
  });

  it('refuses binary files: a NUL byte, bytes that are not UTF-8, or a document extension', async () => {
    for (const [data, filename] of [
      ['a,b\r\n1,\u00002', 'jobs.csv'],
      [Buffer.from([0x61, 0x2c, 0xe9, 0x0a]), 'jobs.csv'], // Latin-1 "é"
      ['a,b', 'scan.pdf'],
      ['a,b', 'SCAN.PDF'],
      ['a,b', 'photo.jpg'],
      ['a,b', 'photo.jpeg'],
      ['a,b', 'photo.png'],
      ['a,b', 'letter.doc'],
      ['a,b', 'letter.docx'],
      ['a,b', 'files.zip'],
    ] as const) {
      const err = await refusal(() => read(data, filename));
      expect([filename, err.statusCode, err.message]).toEqual([filename, 400, wrongType]);
    }
  });

  it('security: finds a NUL byte or a non-UTF-8 byte anywhere in the file, not only at its start', async () => {
    const far = csv(Array.from({ length: 1000 }, (_, i) => row(i)));
    expect(far.length).toBeGreaterThan(64 * 1024);
    for (const tail of [Buffer.from('\u0000'), Buffer.from([0xe9])]) {
      const data = Buffer.concat([Buffer.from(far), Buffer.from('\r\n'), tail]);
      const err = await refusal(() => read(data));
      expect([err.statusCode, err.message]).toEqual([400, wrongType]);
    }
  });

  it('judges the extension at the end of the name only', async () => {
    expect(await read('a,b', 'pdf.jobs.csv')).toEqual([['a', 'b']]);
    expect(await read('a,b', 'jobs.pdf.csv')).toEqual([['a', 'b']]);
    expect(await read('a,b', 'jobs')).toEqual([['a', 'b']]);
  });

  it('refuses an empty file and one over 20 MB, and reads one of exactly 20 MB', async () => {
    const empty = await refusal(() => read(''));
    expect([empty.statusCode, empty.message]).toEqual([400, 'The file is empty']);
    const big = await refusal(() => read(Buffer.alloc(maxImportBytes + 1, 'a')));
    expect([big.statusCode, big.message]).toEqual([
      413,
      'The file is larger than 20 MB: split it into smaller files',
    ]);
    expect(maxImportBytes).toBe(20 * 1024 * 1024);
    const exact = await read(Buffer.alloc(maxImportBytes, 'a'));
    expect(exact[0]![0]).toHaveLength(maxImportBytes);
  });
});

describe('bulk import: header row', () => {
  const good = row(1);

  it('accepts field names and labels in any case, with spaces or hyphens', async () => {
    const labels = ['First  Name', ' LAST-NAME ', 'Phone', 'EMAIL', 'Address'];
    const head = [...labels, ...header.slice(labels.length)];
    const [job] = validateImportRows('address', [head, good]);
    expect(job!.fields).toMatchObject({
      first_name: 'Ada1',
      last_name: 'Obi',
      email: 'ada1@example.ng',
    });
    expect(job!.subjectName).toBe('Ada1 Obi');
  });

  it('takes columns in any order and ignores blank header cells', () => {
    const order = [...header].reverse();
    const cells = [...good].reverse();
    const [job] = validateImportRows('address', [
      ['', ...order, null],
      ['ignored', ...cells, 'ignored too'],
    ]);
    expect(job).toEqual(validateImportRows('address', [header, good])[0]);
    expect(job).toMatchObject({ state: 'lagos', lga: 'Lagos Island' });
  });

  it('names every unknown and missing column in the message and the errors', async () => {
    const head = header.map((h) => (h === 'first_name' ? 'firstname' : h));
    const err = await refusal(() => validateImportRows('address', [[...head, 'Colour'], good]));
    expect(err).toBeInstanceOf(HttpError);
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe(
      'The header row does not match the address template: Unknown column "firstname"; ' +
        'Unknown column "colour"; The header row has no first_name column',
    );
    expect(err.errors).toEqual([
      { row: 0, field: 'firstname', msg: 'Unknown column "firstname"' },
      { row: 0, field: 'colour', msg: 'Unknown column "colour"' },
      { row: 0, field: 'first_name', msg: 'The header row has no first_name column' },
    ]);
  });

  it('accepts a label that is not its field name, and the name too', () => {
    const example = (kind: 'business' | 'product') => jobFieldDefs[kind].map((d) => d.example);
    for (const kind of ['business', 'product'] as const) {
      const names = jobFieldDefs[kind].map((d) => d.name);
      const labels = jobFieldDefs[kind].map((d) => d.label);
      expect(names).not.toEqual(labels.map((l) => l.toLowerCase().replace(/ /g, '_')));
      const byName = validateImportRows(kind, [names, example(kind)]);
      expect(validateImportRows(kind, [labels, example(kind)])).toEqual(byName);
      expect(byName).toHaveLength(1);
    }
  });

  it('security: refuses a column given twice, whichever way it is named', async () => {
    const err = await refusal(() =>
      validateImportRows('address', [
        [...header, 'Phone'],
        [...good, '08030000000'],
      ]),
    );
    expect([err.statusCode, err.message]).toEqual([
      400,
      'The header row does not match the address template: The column "phone" appears twice',
    ]);
    expect(err.errors).toEqual([
      { row: 0, field: 'phone', msg: 'The column "phone" appears twice' },
    ]);
  });

  it('does not ask for optional columns', () => {
    const required = header.filter(
      (h) => !['guarantor_name', 'guarantor_phone', 'id_type', 'id_number'].includes(h),
    );
    const cells = required.map((h) => good[header.indexOf(h)]!);
    expect(validateImportRows('address', [required, cells])).toHaveLength(1);
  });
});

describe('bulk import: rows', () => {
  it.each([
    ['no rows', []],
    ['a null row', [[null]]],
    ['an undefined row', [[undefined]]],
    ['a whitespace row', [['  ', '']]],
  ])('refuses a file with %s as empty', async (_what, table) => {
    const err = await refusal(() => validateImportRows('address', table));
    expect([err.statusCode, err.message]).toEqual([400, 'The file is empty']);
  });

  it('refuses a header without rows, blank rows not counting', async () => {
    const err = await refusal(() => validateImportRows('address', [header, [null, ' '], []]));
    expect([err.statusCode, err.message]).toEqual([400, 'The file has a header row but no jobs']);
  });

  it('skips blank rows between jobs (CSV and workbook alike)', async () => {
    const file = csv([row(1), ['', '', ''], row(2)]).replace('\r\n', '\r\n\r\n,,,,\r\n');
    const jobs = await parseImportFile('address', Buffer.from(file), 'jobs.csv');
    expect(jobs.map((j) => j.subjectName)).toEqual(['Ada1 Obi', 'Ada2 Obi']);
    const table = [header, [null, null], row(3), [], row(4)];
    expect(validateImportRows('address', table).map((j) => j.subjectName)).toEqual([
      'Ada3 Obi',
      'Ada4 Obi',
    ]);
  });

  it('lists the errors of bad rows, numbered after the header, and keeps none', async () => {
    const table = [header, row(1), row(2, { state: 'atlantis' }), row(3, { phone: '1', lga: '' })];
    const err = await refusal(() => validateImportRows('address', table));
    expect(err.message).toBe('2 of 3 rows have errors; nothing was imported');
    expect(err.errors).toEqual([
      { row: 2, field: 'state', msg: 'state "atlantis" is not a Nigerian state' },
      { row: 3, field: 'phone', msg: 'phone must be a valid Nigerian phone number' },
      { row: 3, field: 'lga', msg: 'lga is required' },
    ]);
  });

  it(`lists all ${maxListedErrors} errors when there are exactly that many, saying nothing more`, async () => {
    const bad = row(1, { state: 'atlantis' });
    const table = [header, ...Array.from({ length: maxListedErrors }, () => bad)];
    const err = await refusal(() => validateImportRows('address', table));
    expect(err.errors).toHaveLength(maxListedErrors);
    expect(err.message).toBe('1000 of 1000 rows have errors; nothing was imported');
  });

  it(`lists the first ${maxListedErrors} errors of a file with more, and says so`, async () => {
    const bad = row(1, { state: 'atlantis', phone: '1' });
    const table = [header, row(0), ...Array.from({ length: 1500 }, () => bad)];
    const err = await refusal(() => validateImportRows('address', table));
    expect(err.errors).toHaveLength(maxListedErrors);
    expect(err.errors!.at(-1)).toEqual({
      row: 501,
      field: 'state',
      msg: 'state "atlantis" is not a Nigerian state',
    });
    expect(err.message).toBe(
      '1500 of 1501 rows have errors; nothing was imported (the first 1000 errors are listed)',
    );
  });

  it('refuses more than 100,000 rows before checking them, and takes 100,000', async () => {
    expect(maxImportRows).toBe(100_000);
    const bad = ['x'];
    const over = await refusal(() =>
      validateImportRows('address', [
        header,
        ...Array.from({ length: maxImportRows + 1 }, () => bad),
      ]),
    );
    expect([over.statusCode, over.message]).toEqual([
      400,
      'The file has 100,001 rows: at most 100,000 can be imported at once',
    ]);
    const exact = await refusal(() =>
      validateImportRows('address', [header, ...Array.from({ length: maxImportRows }, () => bad)]),
    );
    expect(exact.message).toMatch(/^100000 of 100000 rows have errors/);
  });

  it('answers the rows ready to insert', () => {
    expect(validateImportRows('address', [header, row(7)])).toEqual([
      {
        fields: {
          first_name: 'Ada7',
          last_name: 'Obi',
          phone: '+2348031000007',
          email: 'ada7@example.ng',
          address: '7 Broad Street',
          landmark: 'Near the church',
        },
        state: 'lagos',
        lga: 'Lagos Island',
        subjectName: 'Ada7 Obi',
      },
    ]);
  });
});
