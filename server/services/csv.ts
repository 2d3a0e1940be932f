/** CSV writing (RFC 4180) for exports and templates. */

/**
 * One cell: quoted when needed; a text that a spreadsheet would run as a formula gets a leading
 * apostrophe (a phone number's `+234…` or a negative number is left alone).
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString() : String(v);
  if (/^[=@\t\r]/.test(s) || /^[+-][^\d]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
