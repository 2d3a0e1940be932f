/** CSV writing (RFC 4180) for exports and templates. */

/**
 * The first characters that make a spreadsheet read the cell as a formula: `= + - @`, their
 * full-width forms (some spreadsheets accept them too), tab, CR and LF. The export's SQL
 * (`csvTextSql`) applies the same rule.
 */
export const formulaStartChars = '=+-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n';
/**
 * A cell that is only a signed number (`-12.5`, `+2348031234567`) is data, not a formula. Written
 * so that JS and PostgreSQL's regular expressions read it alike.
 */
export const signedNumberPattern = '^[+-][0-9]+([.][0-9]+)?$';
const signedNumber = new RegExp(signedNumberPattern);
const formulaStart = (s: string) => s !== '' && formulaStartChars.includes(s[0]!);

/**
 * Exports write instants in Nigeria's time (WAT, UTC+1 all year, no daylight saving), to the
 * nearest second (as PostgreSQL's `timestamp(0)` rounds), as `2026-03-01 12:00:00`: the time the
 * office lives in, in a form spreadsheets read as a date (they read `2026-03-01T11:00:00.000Z` as
 * text). As an SQL interval for `AT TIME ZONE`.
 */
export const csvTimeZone = "INTERVAL '+01:00'";
const csvTimeOffsetMs = 3_600_000;

/**
 * One cell: quoted when needed; a text a spreadsheet would run as a formula gets a leading
 * apostrophe. Only a whole plain number keeps its sign unescaped: `-2+3` is a formula.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s =
    v instanceof Date
      ? new Date(Math.round((v.getTime() + csvTimeOffsetMs) / 1000) * 1000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' ')
      : String(v);
  if (formulaStart(s) && !signedNumber.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Rows as COPY writes them in CSV (UTF-8, LF after each) made the export's lines: CRLF after each
 * row, a line break inside a quoted cell kept as it is. Also how many rows, and the first cell of
 * the last row (the export's cursor; a first cell that is never quoted).
 */
export function csvRows(copyCsv: Buffer) {
  const quote = 0x22;
  const lf = 0x0a;
  // Row ends: line breaks outside quotes. A doubled quote inside a cell toggles twice.
  const ends: number[] = [];
  let inside = false;
  let nextQuote = copyCsv.indexOf(quote);
  for (let at = copyCsv.indexOf(lf); at !== -1; at = copyCsv.indexOf(lf, at + 1)) {
    while (nextQuote !== -1 && nextQuote < at) {
      inside = !inside;
      nextQuote = copyCsv.indexOf(quote, nextQuote + 1);
    }
    if (!inside) ends.push(at);
  }
  const lines = Buffer.allocUnsafe(copyCsv.length + ends.length);
  let from = 0;
  let to = 0;
  for (const end of ends) {
    to += copyCsv.copy(lines, to, from, end);
    lines[to++] = 0x0d;
    lines[to++] = lf;
    from = end + 1;
  }
  copyCsv.copy(lines, to, from);
  const lastRow = ends.length > 1 ? ends[ends.length - 2]! + 1 : 0;
  let cellEnd = lastRow;
  while (cellEnd < copyCsv.length && copyCsv[cellEnd] !== 0x2c && copyCsv[cellEnd] !== lf)
    cellEnd++;
  return { lines, rows: ends.length, lastFirstCell: copyCsv.toString('utf8', lastRow, cellEnd) };
}
