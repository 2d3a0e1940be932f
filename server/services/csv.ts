/** CSV writing (RFC 4180) for exports and templates. */

/**
 * A first character that makes a spreadsheet read the cell as a formula: `= + - @`, their
 * full-width forms (some spreadsheets accept them too), tab, CR and LF.
 */
const formulaStart = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n]/;
/** A cell that is only a signed number (`-12.5`, `+2348031234567`) is data, not a formula. */
const signedNumber = /^[+-]\d+(\.\d+)?$/;

/**
 * One cell: quoted when needed; a text a spreadsheet would run as a formula gets a leading
 * apostrophe. Only a whole plain number keeps its sign unescaped: `-2+3` is a formula.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString() : String(v);
  if (formulaStart.test(s) && !signedNumber.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
