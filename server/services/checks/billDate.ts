import { similarity } from './billText';

/**
 * The date a bill is of, among the dates written on it (day first, as Nigeria writes them), and
 * whether it is too old for the capture.
 */

/** A bill dated more than this many months before the capture is too old. */
export const maxBillAgeMonths = 3;

const months = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function monthOf(word: string): number | null {
  // Stryker disable next-line StringLiteral,Regex: the date patterns hand over letters only
  const w = word.toLowerCase().replace(/0/g, 'o').replace(/[1|]/g, 'l');
  // Stryker disable next-line ConditionalExpression: the date patterns hand over 3 letters or more
  if (w.length < 3) return null;
  const i = months.findIndex((m) => w.startsWith(m));
  // Stryker disable next-line ConditionalExpression: with no month, `full` is December and a word near it gives month 0, which validDate refuses
  if (i < 0) return null;
  // "Mar" or "March", not "Market" or "Mayor".
  const full = new Date(2000, i, 1).toLocaleString('en-US', { month: 'long' }).toLowerCase();
  // The full name starts with its three letters, which `w` starts with.
  return full.startsWith(w) || similarity(w, full) >= 0.75 ? i + 1 : null;
}

export interface BillDate {
  /** YYYY-MM-DD; the first of the month when the bill gives only a month. */
  date: string;
  monthOnly: boolean;
  start: number;
  end: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

function validDate(y: number, m: number, d: number) {
  // Stryker disable next-line EqualityOperator: years come as 2 or 4 digits, never 100
  if (y < 100) y += 2000;
  if (y < 2000 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** Every date written in the text, day first as Nigeria writes them. */
export function findDates(text: string): BillDate[] {
  // Digits misread as letters (l2/O3/2O26, 2O26) read back as digits.
  const digits = (x: string) => x.replace(/[Oo]/g, '0').replace(/[lI|]/g, '1');
  const t = text
    .replace(/(?<![\p{L}\d])[\dOolI|]{1,4}(?:[/.-][\dOolI|]{1,4}){2}(?![\p{L}\d])/gu, (m) =>
      /\d/.test(m) ? digits(m) : m,
    )
    .replace(/(?<![\p{L}\d])(?:20|2O)[\dOo]{2}(?![\p{L}\d])/gu, digits);
  const found: BillDate[] = [];
  const add = (date: string | null, monthOnly: boolean, m: RegExpMatchArray) => {
    if (!date) return;
    const start = m.index!;
    const end = start + m[0].length;
    // Stryker disable next-line EqualityOperator: every pattern begins and ends at a word boundary, so two dates never touch
    if (found.some((f) => start < f.end && f.start < end)) return;
    found.push({ date, monthOnly, start, end });
  };
  // Eight digits only after a date's label: OCR drops the slashes of 28/09/2025 on a blurred
  // photo, and an account or meter number could otherwise pass for a date.
  for (const m of t.matchAll(/\b(\d{2})(\d{2})(\d{4})\b/g)) {
    const before = t.slice(Math.max(0, m.index! - 40), m.index);
    if (/date\W{0,3}$/i.test(before.slice(before.lastIndexOf('\n') + 1)))
      add(validDate(+m[3]!, +m[2]!, +m[1]!), false, m);
  }
  for (const m of t.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g))
    add(validDate(+m[1]!, +m[2]!, +m[3]!), false, m);
  for (const m of t.matchAll(/\b(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4}|\d{2})\b/g))
    add(validDate(+m[3]!, +m[2]!, +m[1]!), false, m);
  for (const m of t.matchAll(
    /\b(\d{1,2})(?:st|nd|rd|th)?[\s.-]{0,2}([A-Za-z]{3,9})[\s.,-]{0,3}(\d{4}|\d{2})\b/g,
  )) {
    const month = monthOf(m[2]!);
    // Stryker disable next-line ConditionalExpression: validDate refuses month null (0) too
    if (month) add(validDate(+m[3]!, month, +m[1]!), false, m);
  }
  for (const m of t.matchAll(
    /\b([A-Za-z]{3,9})\.?\s{0,2}(\d{1,2})(?:st|nd|rd|th)?,?\s{1,2}(\d{4})\b/g,
  )) {
    const month = monthOf(m[1]!);
    // Stryker disable next-line ConditionalExpression: validDate refuses month null (0) too
    if (month) add(validDate(+m[3]!, month, +m[2]!), false, m);
  }
  for (const m of t.matchAll(/\b([A-Za-z]{3,9})[\s.,'-]{0,3}(\d{4})\b/g)) {
    const month = monthOf(m[1]!);
    // Stryker disable next-line ConditionalExpression: validDate refuses month null (0) too
    if (month) add(validDate(+m[2]!, month, 1), true, m);
  }
  return found.sort((a, b) => a.start - b.start);
}

const billLabel =
  /(bill(?:ing)?\s*(?:date|period|month)|date\s*of\s*(?:bill|issue)|issue\s*date|invoice\s*date|statement\s*date|date\s*issued|period|month)\W{0,3}$/i;
const otherLabel =
  /(due|pay\s*by|last\s*pa(?:y|id)|payment|previous|prev|read(?:ing)?\s*date|meter\s*read|printed|generated)[^\n]{0,14}$/i;

const endOfPeriod = (d: BillDate) => {
  const [y, m, day] = d.date.split('-').map(Number) as [number, number, number];
  return d.monthOnly ? new Date(Date.UTC(y, m, 0)) : new Date(Date.UTC(y, m - 1, day));
};

/**
 * The date the bill is of: one labelled as the bill's date or period first, then any date not
 * labelled as a due or payment date; of those, the latest not long after the capture.
 */
export function billDateOf(text: string, capturedAt: Date): BillDate | null {
  const dates = findDates(text);
  const latest = capturedAt.getTime() + 62 * 86_400_000;
  const rank = (d: BillDate) => {
    const before = text.slice(Math.max(0, d.start - 40), d.start);
    const line = before.slice(before.lastIndexOf('\n') + 1);
    if (billLabel.test(line)) return 3;
    if (otherLabel.test(line)) return 1;
    return 2;
  };
  const plausible = dates.filter((d) => endOfPeriod(d).getTime() <= latest);
  plausible.sort(
    (a, b) => rank(b) - rank(a) || endOfPeriod(b).getTime() - endOfPeriod(a).getTime(),
  );
  return plausible[0] ?? null;
}

/** Whether a bill of `date` is more than three months older than the capture. */
export function tooOld(date: BillDate, capturedAt: Date): boolean {
  const limit = new Date(capturedAt);
  limit.setUTCMonth(limit.getUTCMonth() - maxBillAgeMonths);
  return endOfPeriod(date).getTime() < limit.getTime();
}

export const longDate = (d: BillDate) => {
  const at = new Date(`${d.date}T12:00:00Z`);
  return at.toLocaleDateString('en-GB', {
    ...(d.monthOnly ? {} : { day: 'numeric' }),
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};
