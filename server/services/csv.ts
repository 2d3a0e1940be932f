/** CSV writing (RFC 4180) for exports and templates. */
import { lagosWallClock } from '../../reference/lagosTime';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The first characters that make a spreadsheet read the cell as a formula: `= + - @`, their
 * full-width forms (some spreadsheets accept them too), tab, CR and LF.
 */
const formulaStartChars = '=+-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n';
/** A cell that is only a signed number (`-12.5`, `+2348031234567`) is data, not a formula. */
const signedNumber = /^[+-][0-9]+([.][0-9]+)?$/;
/** Whether a spreadsheet would run the text as a formula: it then gets a leading apostrophe. */
const isFormula = (s: string) =>
  s !== '' && formulaStartChars.includes(s[0]!) && !signedNumber.test(s);

/**
 * Where a spreadsheet may split one cell into several: a spreadsheet set for `;` or tab as its
 * separator reads `a;=1+2` as `a` and `=1+2`, and one set for `,` splits an unquoted text.
 */
const separators = ',;\t';

/**
 * Where apostrophes go in a cell's text (UTF-16 offsets, ascending): before a formula at its
 * start, and after each separator that a formula follows. The one writer of the formula rule.
 */
function formulaEscapes(s: string): number[] {
  const at = isFormula(s) ? [0] : [];
  for (let i = 0; i < s.length; i++) {
    if (!separators.includes(s[i]!)) continue;
    let next = i + 1;
    while (next < s.length && !separators.includes(s[next]!)) next++;
    if (isFormula(s.slice(i + 1, next))) at.push(i + 1);
  }
  return at;
}

const withEscapes = (s: string, at: number[]) =>
  at.reduceRight((t, i) => `${t.slice(0, i)}'${t.slice(i)}`, s);

/**
 * Exports write instants in Nigeria's time (WAT, UTC+1 all year, no daylight saving), to the
 * nearest second (as PostgreSQL's `timestamp(0)` rounds), as `2026-03-01 12:00:00`: the time the
 * office lives in, in a form spreadsheets read as a date (they read `2026-03-01T11:00:00.000Z` as
 * text).
 */

/**
 * One cell: quoted when needed; a text a spreadsheet would run as a formula gets a leading
 * apostrophe. Only a whole plain number keeps its sign unescaped: `-2+3` is a formula.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s =
    v instanceof Date
      ? new Date(Math.round(lagosWallClock(v).getTime() / 1000) * 1000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' ')
      : String(v);
  s = withEscapes(s, formulaEscapes(s));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Rows an export reads per query. */
const exportPageRows = 5000;

/**
 * A whole list as CSV, a page at a time: a BOM (spreadsheets then read UTF-8) and the header, then
 * `cells(row)` for every row `page(offset, limit)` reads, until a short page.
 */
export async function* csvPages<R>(
  header: readonly string[],
  page: (offset: number, limit: number) => Promise<R[]>,
  cells: (row: R) => unknown[],
) {
  yield '\uFEFF' + csvLine([...header]);
  for (let offset = 0; ; offset += exportPageRows) {
    const rows = await page(offset, exportPageRows);
    yield rows.map((r) => csvLine(cells(r))).join('');
    if (rows.length < exportPageRows) return;
  }
}

/** Sends `lines` as a CSV download named `filename`. */
export const sendCsv = (reply: FastifyReply, filename: string, lines: AsyncIterable<string>) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(lines) as never);

/** The UTF-8 first bytes of the formula's first characters: nearly every cell stops at its first byte. */
const formulaFirstBytes = new Uint8Array(256);
for (const c of formulaStartChars) formulaFirstBytes[Buffer.from(c)[0]!] = 1;

/** A separator, then a formula's first byte (a full-width form's first UTF-8 byte is 0xEF). */
const separatorThenFormula = new RegExp(
  `[${separators}](?=[${[...formulaFirstBytes.keys()]
    .filter((b) => formulaFirstBytes[b])
    .map((b) => `\\x${b.toString(16).padStart(2, '0')}`)
    .join('')}])`,
  'g',
);

const quote = 0x22;
const comma = 0x2c;
const lf = 0x0a;

/**
 * A page of the export as COPY writes it in CSV (UTF-8, LF after each row), each row ending in a
 * cursor cell, made the export's lines as `csvLine` writes them: the cursor cell dropped, CRLF
 * after each row, an apostrophe before each cell a spreadsheet would run as a formula. A line
 * break inside a quoted cell stays as it is. The database only quotes: this rule lives here, on
 * Node's thread, not in the export's SQL, where it cost a tenth of the database's time.
 */
export function copyPageLines(copyCsv: Buffer): Buffer {
  const n = copyCsv.length;
  /** Where each row's kept cells end, and where its line break is. */
  const rowEnds: number[] = [];
  const breaks: number[] = [];
  /** Where an apostrophe goes: before the first character of a formula. */
  const apostrophes: number[] = [];
  // Where a formula's first byte follows a separator inside a cell, found by one native scan
  // (latin1 keeps byte offsets): most cells have none, and then their text is never decoded.
  const candidates = Array.from(
    copyCsv.toString('latin1').matchAll(separatorThenFormula),
    (m) => m.index + 1,
  );
  let c = 0;
  let rowStart = 0;
  let at = 0;
  while (at < n) {
    // `at` is a cell's first byte; `end` will be the comma or line break after it.
    const quoted = copyCsv[at] === quote;
    const content = quoted ? at + 1 : at;
    let contentEnd: number;
    let end: number;
    if (quoted) {
      // The closing quote is the first one not doubled.
      let q = content;
      for (;;) {
        q = copyCsv.indexOf(quote, q);
        if (q === -1 || copyCsv[q + 1] !== quote) break;
        q += 2;
      }
      contentEnd = q === -1 ? n : q;
      end = contentEnd + 1;
    } else {
      end = at;
      for (let b = copyCsv[end]; end < n && b !== comma && b !== lf; b = copyCsv[++end]);
      contentEnd = end;
    }
    if (end >= n || copyCsv[end] === lf) {
      // The row's last cell is its cursor: the row ends at the comma before it.
      rowEnds.push(at > rowStart ? at - 1 : at);
      breaks.push(end);
      rowStart = end + 1;
    } else if (content < contentEnd) {
      while (c < candidates.length && candidates[c]! < content) c++;
      if (formulaFirstBytes[copyCsv[content]!] || candidates[c]! < contentEnd) {
        const text = copyCsv.toString('utf8', content, contentEnd);
        for (const i of formulaEscapes(text)) {
          apostrophes.push(content + Buffer.byteLength(text.slice(0, i)));
        }
      }
    }
    at = end + 1;
  }
  const lines = Buffer.allocUnsafe(n + rowEnds.length + apostrophes.length);
  let to = 0;
  let from = 0;
  let a = 0;
  for (let row = 0; row < rowEnds.length; row++) {
    const rowEnd = rowEnds[row]!;
    for (; a < apostrophes.length && apostrophes[a]! < rowEnd; a++) {
      to += copyCsv.copy(lines, to, from, apostrophes[a]);
      lines[to++] = 0x27;
      from = apostrophes[a]!;
    }
    to += copyCsv.copy(lines, to, from, rowEnd);
    lines[to++] = 0x0d;
    lines[to++] = lf;
    from = breaks[row]! + 1;
  }
  return lines.subarray(0, to);
}

/**
 * The cursor of a page `copyPageLines` reads: its last row's last cell (never quoted), found from
 * the end without reading the page, so that the next page is asked for first. '' when empty.
 */
export function copyPageCursor(copyCsv: Buffer): string {
  const end = copyCsv.length - 1;
  const start = Math.max(copyCsv.lastIndexOf(comma, end - 1), copyCsv.lastIndexOf(lf, end - 1)) + 1;
  return copyCsv.toString('utf8', start, end);
}

/**
 * Whether a page `copyPageLines` reads holds fewer than `rows` rows, told without reading it:
 * fewer line breaks than that means fewer rows (a quoted line break can only make a short page
 * look full, which costs one more page that comes back empty).
 */
export function copyPageShort(copyCsv: Buffer, rows: number): boolean {
  let at = -1;
  for (let seen = 0; seen < rows; seen++) {
    at = copyCsv.indexOf(lf, at + 1);
    if (at === -1) return true;
  }
  return false;
}
