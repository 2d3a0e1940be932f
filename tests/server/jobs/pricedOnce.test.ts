import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeExtensions, readSources } from '../architecture/sources';

// What new jobs cost is decided once, on the server: one reading of the Company prices
// (services/charges.ts) answers the quotes and the charges alike, and one reader of bulk files
// (services/jobImport.ts) feeds the upload and its quote. A second reading elsewhere (the web
// counting a file's rows, a route summing prices) drifts from what the upload then charges.
const sources = readSources(['server', 'src', 'reference'], codeExtensions);

/** The files whose text matches, once each. */
const filesMatching = (pattern: RegExp) =>
  sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

/** An import (static or dynamic) of a CSV or spreadsheet reader. */
const importsFileReader =
  /(?:from|import\(|require\()\s*['"](?:papaparse|read-excel-file|xlsx|exceljs)(?:\/[\w-]+)?['"]/;
/** A route handing a file to the import parser. */
const parsesBulkFile = /\.importParser\.parse\(/;
/** A call (not the definition) of a reading of the Company prices. */
const readsCompanyPrices = /(?<!function |async )\b(?:companyPrices|companyPricesOf)\(/;

describe('prices once: the server reads bulk files and Company prices, the web asks it', () => {
  it('only services/jobImport.ts reads a CSV or XLSX file (the web sends it to be quoted)', () => {
    expect(filesMatching(importsFileReader)).toEqual([join('server', 'services', 'jobImport.ts')]);
  });

  it('only routes/jobs/bulkFile.ts hands a file to the import parser (the upload and its quote)', () => {
    expect(filesMatching(parsesBulkFile)).toEqual([
      join('server', 'routes', 'jobs', 'bulkFile.ts'),
    ]);
  });

  it('only services/charges.ts reads the Company prices, for quotes and charges alike', () => {
    expect(filesMatching(readsCompanyPrices)).toEqual([join('server', 'services', 'charges.ts')]);
  });

  it('the scan sees what it guards (it is not vacuous)', () => {
    expect(importsFileReader.test("import Papa from 'papaparse';")).toBe(true);
    expect(importsFileReader.test("const { default: Papa } = await import('papaparse');")).toBe(
      true,
    );
    expect(importsFileReader.test("import { readSheet } from 'read-excel-file/node';")).toBe(true);
    expect(importsFileReader.test("import type { Cell } from './spreadsheet';")).toBe(false);
    expect(readsCompanyPrices.test('await deps.tats.companyPrices(distinct, type, tx)')).toBe(true);
    expect(readsCompanyPrices.test('const { prices } = await companyPricesOf(deps, t, s);')).toBe(
      true,
    );
    expect(readsCompanyPrices.test('export async function companyPricesOf(')).toBe(false);
    expect(readsCompanyPrices.test('    async companyPrices(states: string[], type: JobKind')).toBe(
      false,
    );
    expect(sources.some(({ file }) => file.startsWith('src'))).toBe(true);
  });
});
