import { billIssuers } from '../../../reference/billIssuers';
import { lagosDate } from '../../../reference/lagosTime';
import type { CheckWarning, TextMark } from './types';

/**
 * What a bill's read text says about the claim: the issuer, how well the subject's name and the
 * claimed address are found, the bill's date, and the warnings. Pure: the OCR is in ./bill.ts.
 * Fuzzy by token, since OCR of a photographed bill misreads letters (0/O, 1/l/I, 5/S, rn/m),
 * bills print names surname first or with initials and titles, and addresses abbreviated.
 */

/** Below these scores the name or address is taken as not on the bill (chosen on the set). */
export const nameThreshold = 0.65;
export const addressThreshold = 0.7;
/** Fewer readable words than this and the bill is not judged at all. */
export const minReadableWords = 8;
/**
 * Nor with fewer words of a bill's own vocabulary than this: OCR of a textured wall makes up
 * letter-shaped words ("FEarasrsy", "Fidased") by the dozen, never the labels every bill prints.
 */
export const minBillWords = 3;
/** A bill dated more than this many months before the capture is too old. */
export const maxBillAgeMonths = 3;

export interface Token {
  /** As read. */
  raw: string;
  /** Lower case, OCR confusions folded (for words). */
  word: string;
  start: number;
  end: number;
  line: number;
}

/** Letters and their accents apart, to drop the accents. */
// Stryker disable next-line StringLiteral: '' throws as the module loads (it folds its word lists), so no test runs, which Stryker counts as survived
const decomposed = 'NFD';

/**
 * Folds the letters OCR mixes up onto one of each, so both sides compare alike; also the signs
 * it reads for letters of a photographed bill ("£." for the initial "F.", "$" for "S"), which
 * tokenize keeps in words.
 */
export function foldWord(s: string): string {
  return s
    .toLowerCase()
    .normalize(decomposed)
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/£/g, 'f')
    .replace(/[§$]/g, 's')
    .replace(/¢/g, 'c')
    .replace(/¥/g, 'y')
    .replace(/€/g, 'e')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[0ø]/g, 'o')
    .replace(/[1|!íi]/g, 'l')
    .replace(/5/g, 's')
    .replace(/8/g, 'b')
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Folds the letters OCR mixes up with digits onto the digits, for house numbers: "41B" is read
 * "418", "23A" "234", so both sides fold alike (a true 418 and 41B then count as the same).
 */
export function foldNumber(s: string): string {
  // "§9" is how OCR read a blurred "59".
  return s
    .toLowerCase()
    .replace(/[§$]/g, '5')
    .replace(/o/g, '0')
    .replace(/[l|i!]/g, '1')
    .replace(/b/g, '8')
    .replace(/a/g, '4')
    .replace(/s/g, '5')
    .replace(/z/g, '2')
    .replace(/[^a-z0-9]/g, '');
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 0;
  for (const m of text.matchAll(/\n|[\p{L}\p{N}|£§$¢¥€]+/gu)) {
    if (m[0] === '\n') {
      line++;
      continue;
    }
    tokens.push({
      raw: m[0],
      word: foldWord(m[0]),
      start: m.index,
      end: m.index + m[0].length,
      line,
    });
  }
  return tokens;
}

/** Levenshtein similarity, 0..1. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: with one side empty the loop gives 0 too (both empty returned 1 above)
  if (!a.length || !b.length) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(
        prev[j]! + 1,
        cur[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = cur;
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length);
}

/** How well one claimed word is matched by one read word: short words must be exact. */
function wordScore(claim: string, read: string): number {
  if (claim === read) return 1;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a read word of 1–2 letters is at most 50% like a claimed one of 4+, under 0.6 anyway
  if (claim.length <= 3 || read.length <= 2) return 0;
  const s = similarity(claim, read);
  return s >= 0.6 ? s : 0;
}

/** A word is readable when it looks like language rather than noise: 3+ letters with a vowel. */
export function readableWords(text: string): number {
  return (text.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter(
    (w) => /[aeiouy]/i.test(w) && !/(.)\1\1/.test(w),
  ).length;
}

/**
 * Words any utility bill prints whatever its issuer and layout (labels, charges, the trade), and
 * the commonest short English words. Data, not rules: what each word is worth is measured on the
 * evaluation set (bench/bills.ts), so the mutation run leaves the list alone.
 */
// Stryker disable StringLiteral
const billWordList = [
  'account',
  'address',
  'amount',
  'arrears',
  'authority',
  'balance',
  'band',
  'bank',
  'bill',
  'billing',
  'branch',
  'charge',
  'charges',
  'collection',
  'company',
  'consumption',
  'copy',
  'corporation',
  'current',
  'customer',
  'date',
  'distribution',
  'due',
  'electric',
  'electricity',
  'energy',
  'fixed',
  'invoice',
  'issue',
  'issued',
  'limited',
  'management',
  'meter',
  'month',
  'name',
  'number',
  'online',
  'outstanding',
  'paid',
  'patronage',
  'pay',
  'payable',
  'payment',
  'period',
  'plc',
  'power',
  'premises',
  'previous',
  'quote',
  'reading',
  'reference',
  'service',
  'statement',
  'supply',
  'tariff',
  'thank',
  'total',
  'units',
  'vat',
  'waste',
  'water',
  'and',
  'any',
  'for',
  'the',
  'you',
  'your',
];
// Stryker restore StringLiteral
const billVocabulary = new Set(billWordList.map(foldWord));

/** How many distinct words of a bill's vocabulary were read. */
function billWords(text: string): number {
  return new Set(
    tokenize(text)
      .filter((t) => billVocabulary.has(t.word))
      .map((t) => t.word),
  ).size;
}

/** Whether enough was read to judge the bill: words, and some of them a bill's. */
function readableBill(text: string): boolean {
  return readableWords(text) >= minReadableWords && billWords(text) >= minBillWords;
}

// --- issuer -------------------------------------------------------------------------------------

export function findIssuer(tokens: Token[]): { name: string; mark: TextMark } | null {
  for (const issuer of billIssuers) {
    for (const alias of issuer.aliases) {
      const words = alias.split(' ').map(foldWord);
      for (let i = 0; i + words.length <= tokens.length; i++) {
        const ok = words.every((w, k) => {
          const t = tokens[i + k]!;
          return w.length <= 5 ? t.word === w : similarity(w, t.word) >= 0.8;
        });
        if (ok) {
          const mark = {
            start: tokens[i]!.start,
            end: tokens[i + words.length - 1]!.end,
            field: 'issuer' as const,
          };
          return { name: issuer.name, mark };
        }
      }
    }
  }
  return null;
}

// --- name ---------------------------------------------------------------------------------------

const titles = new Set(
  [
    'mr',
    'mrs',
    'miss',
    'ms',
    'dr',
    'chief',
    'alhaji',
    'alhaja',
    'alh',
    'hajia',
    'hajiya',
    'engr',
    'prof',
    'barr',
    'pastor',
    'rev',
    'sir',
    'madam',
    'mallam',
    'malam',
    'otunba',
    'prince',
    'princess',
    'lady',
    'arc',
    'hon',
    'deacon',
    'deaconess',
    'elder',
    'bishop',
    'evang',
    'comrade',
    'capt',
    'col',
    'gen',
    'oba',
    'olori',
    'high',
  ].map(foldWord),
);

/** The claimed name's words, titles left out. */
export function nameWords(name: string): string[] {
  return tokenize(name)
    .map((t) => t.word)
    .filter((w) => w && !titles.has(w));
}

interface Found {
  score: number;
  marks: TextMark[];
}

/** The best window of `lines` consecutive lines for `score`. */
function bestWindow(
  tokens: Token[],
  lines: number,
  score: (window: Token[]) => Found,
): Found & { line: number } {
  // Stryker disable next-line ArrayDeclaration,UnaryOperator: a window scoring 0 has its marks dropped by the threshold, and no caller reads `line`
  let best: Found & { line: number } = { score: 0, marks: [], line: -1 };
  // Stryker disable next-line UnaryOperator: no tokens, no window: every window is empty and skipped
  const last = tokens.at(-1)?.line ?? -1;
  for (let first = 0; first <= last; first++) {
    const window = tokens.filter((t) => t.line >= first && t.line < first + lines);
    // Stryker disable next-line ConditionalExpression: an empty window scores 0, never better
    if (!window.length) continue;
    const found = score(window);
    if (found.score > best.score) best = { ...found, line: first };
  }
  return best;
}

/**
 * The window's words, and each two neighbours on a line read as one: OCR splits a word where a
 * blurred letter leaves a gap ("CHINE DU" for "CHINEDU", "DANN IMA" for "DANJUMA").
 */
function withSplitWords(window: Token[]): Token[][] {
  const pieces = window.map((t) => [t]);
  for (let i = 0; i + 1 < window.length; i++) {
    const [a, b] = [window[i]!, window[i + 1]!];
    // One character apart, as a space leaves them: "DANJUMA, CHINEDU" stay two words.
    if (a.line === b.line && b.start - a.end === 1 && a.word && b.word) pieces.push([a, b]);
  }
  return pieces;
}

function scoreName(claimWords: string[], window: Token[], field: 'name'): Found {
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,ArrayDeclaration: no claimed word scores NaN, never better than 0, and no marks are kept under the threshold
  if (!claimWords.length) return { score: 0, marks: [] };
  const used = new Set<Token>();
  let total = 0;
  const marks: TextMark[] = [];
  const pieces = withSplitWords(window.filter((t) => !titles.has(t.word)));
  // Longest claimed words first, so an initial does not take a word a full name needs.
  const order = [...claimWords].sort((a, b) => b.length - a.length);
  let initials = 0;
  for (const w of order) {
    let best = 0;
    let bestPiece: Token[] | null = null;
    let byInitial = false;
    for (const piece of pieces) {
      if (piece.some((t) => used.has(t))) continue;
      const t = piece[0]!;
      let s = wordScore(w, piece.map((p) => p.word).join(''));
      let initial = false;
      // An initial on either side stands for the word it begins, a word read whole: a split
      // pair beginning with it would only tie with it alone, which comes first and is kept.
      // Stryker disable next-line ConditionalExpression: true is equivalent, for that reason
      const whole = piece.length === 1;
      if (!s && whole && (t.word.length === 1 || w.length === 1) && t.word[0] === w[0]) {
        s = 0.8;
        initial = true;
      }
      if (s > best) {
        best = s;
        bestPiece = piece;
        byInitial = initial;
      }
    }
    if (bestPiece) {
      for (const t of bestPiece) used.add(t);
      marks.push({ start: bestPiece[0]!.start, end: bestPiece.at(-1)!.end, field });
    }
    total += best;
    if (byInitial) initials += best;
  }
  // Initials alone name nobody: letters of a photo's noise ("B® hh © I") begin any name.
  if (initials === total) return { score: 0, marks: [] };
  return { score: total / claimWords.length, marks };
}

// --- address ------------------------------------------------------------------------------------

const addressForms: Record<string, string> = {
  street: 'st',
  str: 'st',
  road: 'rd',
  close: 'cl',
  avenue: 'ave',
  av: 'ave',
  crescent: 'cres',
  cresc: 'cres',
  lane: 'ln',
  drive: 'dr',
  estate: 'est',
  junction: 'jnc',
  opposite: 'opp',
  // Stryker disable next-line StringLiteral: `way` is its own short form: an empty one falls back to the word
  way: 'way',
  layout: 'lay',
};
/**
 * Words that say nothing about which address: left out of the score. Folded as the claim's words
 * are ("nigeria" reads as "nlgerla") and checked before the short forms ("state" is near "estate").
 */
const addressNoise = new Set(
  ['no', 'number', 'num', 'nigeria', 'state', 'and', 'the', 'of'].map(foldWord),
);

export interface AddressWord {
  /** Folded word, or the digits (and letter) of a house number. */
  text: string;
  number: boolean;
}

const longForms = Object.keys(addressForms).filter((w) => w.length > 4);

/** A read word as an address word: its short form, also when OCR slipped a letter ("Streer"). */
function addressForm(word: string): string {
  const short = addressForms[word];
  if (short) return short;
  if (word.length > 4)
    for (const long of longForms) if (similarity(word, long) >= 0.8) return addressForms[long]!;
  return word;
}

const hasDigit = (s: string) => /\d/.test(s);

export function addressWords(address: string): AddressWord[] {
  return tokenize(address)
    .map((t) => {
      if (hasDigit(t.raw)) return { text: foldNumber(t.raw.replace(/^no/i, '')), number: true };
      return { text: addressNoise.has(t.word) ? '' : addressForm(t.word), number: false };
    })
    .filter((w) => w.text);
}

/**
 * The lines of a reading that name the claimed street (one of its words of 4+ letters, as OCR may
 * have read it), those naming most first, at most `max`: where a closer look reads its number.
 */
export function linesNamingStreet(lines: string[], address: string, max = 3): number[] {
  const street = addressWords(address).filter((w) => !w.number && w.text.length > 3);
  const naming = lines.map((line, i) => {
    const words = addressWords(line).filter((w) => !w.number);
    return { i, n: street.filter((s) => words.some((w) => wordScore(s.text, w.text))).length };
  });
  return naming
    .filter((l) => l.n)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, max)
    .map((l) => l.i);
}

/**
 * The lines of a reading labelled as the customer's name ("Customer Name:", "Name", as OCR may
 * have read the label), at most `max`: where a closer look reads a name the page read blurred.
 */
export function linesLabellingName(lines: string[], max = 2): number[] {
  return lines
    .map((line, i) => ({ i, named: tokenize(line).some((t) => wordScore('name', t.word)) }))
    .filter((l) => l.named)
    .slice(0, max)
    .map((l) => l.i);
}

/**
 * Whether a read word is the claimed house number: the same number, only OCR's letter-for-digit
 * slips forgiven, in a word with a digit (a table's "|" is no house number 1).
 */
const isHouseNumber = (t: Token, number: string) =>
  hasDigit(t.raw) && foldNumber(t.raw.replace(/^no\.?/i, '')) === number;

/**
 * The window with a claimed house number that OCR glued to the street after it parted from it:
 * "88AGaladima" is "88A" and "Galadima" (103000 bill 11). Only the claimed number is parted, and
 * only from 3+ letters, so an ordinal stays whole: "2nd Floor" holds no house number 2.
 */
function withNumbersParted(window: Token[], numbers: string[]): Token[] {
  return window.flatMap((t) => {
    for (let k = 1; k + 3 <= t.raw.length; k++) {
      const rest = t.raw.slice(k);
      if (!/^\p{L}+$/u.test(rest)) continue;
      const raw = t.raw.slice(0, k);
      const number = { ...t, raw, word: foldWord(raw), end: t.start + k };
      if (numbers.some((n) => isHouseNumber(number, n)))
        return [number, { ...t, raw: rest, word: foldWord(rest), start: number.end }];
    }
    return [t];
  });
}

function scoreAddress(claim: AddressWord[], read: Token[]): Found {
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,ArrayDeclaration: matchBill scores an address only when it has words
  if (!claim.length) return { score: 0, marks: [] };
  const window = withNumbersParted(
    read,
    claim.filter((x) => x.number).map((x) => x.text),
  );
  const used = new Set<Token>();
  const marks: TextMark[] = [];
  let total = 0;
  let numbersMissing = false;
  const best = (candidates: Token[], score: (t: Token) => number) => {
    let top = 0;
    let topToken: Token | null = null;
    for (const t of candidates) {
      if (used.has(t)) continue;
      const s = score(t);
      if (s > top) {
        top = s;
        topToken = t;
      }
    }
    if (topToken) {
      used.add(topToken);
      marks.push({ start: topToken.start, end: topToken.end, field: 'address' });
    }
    total += top;
    return topToken;
  };
  const matched: { token: Token; long: boolean }[] = [];
  for (const w of claim.filter((x) => !x.number)) {
    const t = best(window, (t) => wordScore(w.text, addressForm(t.word)));
    if (t) matched.push({ token: t, long: w.text.length > 3 });
  }
  // The address's lines: those with one of its words of 4+ letters, or two of its words. A short
  // word alone is no sign: "Cl" is also a stray "c1" on the account line ("Tariff: c1"), whose
  // "29-01" then passed for the house number; but "NO. 14 OJO RD" above "KOSOFE" is the address.
  const perLine = new Map<number, number>();
  for (const { token } of matched) perLine.set(token.line, (perLine.get(token.line) ?? 0) + 1);
  // House numbers must be on an address line, not a meter or account number of the line above.
  // Without such a line, the number is not placed.
  const lines = new Set(
    matched
      .filter(({ token, long }) => long || perLine.get(token.line)! > 1)
      .map(({ token }) => token.line),
  );
  for (const w of claim.filter((x) => x.number)) {
    const found = best(
      window.filter((t) => lines.has(t.line)),
      (t) => (isHouseNumber(t, w.text) ? 1 : 0),
    );
    if (!found) numbersMissing = true;
  }
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: matchBill sorts all marks again
  marks.sort((a, b) => a.start - b.start);
  const score = total / claim.length;
  return { score: numbersMissing ? Math.min(score, 0.5) : score, marks };
}

// --- date ---------------------------------------------------------------------------------------

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

const longDate = (d: BillDate) => {
  const at = new Date(`${d.date}T12:00:00Z`);
  return at.toLocaleDateString('en-GB', {
    ...(d.monthOnly ? {} : { day: 'numeric' }),
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
};

// --- the whole match ----------------------------------------------------------------------------

/** The words after a label such as "Customer name:" on the bill, for the warning's message. */
function labelled(text: string, label: RegExp, words: number): string | null {
  for (const line of text.split('\n')) {
    const m = label.exec(line);
    // Stryker disable next-line OptionalChaining: a match always has its group
    const value = m?.[1]
      ?.split(/[[|]|\s{2,}/)[0]!
      .replace(/[^\p{L}\p{N}.,'/ -]/gu, '')
      // Spaces are single here, but for those a dropped sign left side by side: runs were cut above.
      .replace(/ N?[\d.,]{4,}$/, '')
      .trim()
      .split(/\s+/)
      .slice(0, words)
      .join(' ');
    if (value && readableWords(value) > 0) return value.slice(0, 80);
  }
  return null;
}

// The label's last word is enough: "Customer's name:", "Account name:" and "Name of customer:" end
// in one of these, and the value is what follows the separator.
const nameLabel = /(?:name|customer|bill\s*to)\s*[:.;-]\s*(.+)/i;
const addressLabel = /(?:address|premises)\s*[:.;-]\s*(.+)/i;

export interface BillClaim {
  subjectName: string;
  address: string | null;
}

export interface BillMatch {
  issuer: string | null;
  name_score: number;
  address_score: number;
  bill_date: string | null;
  marks: TextMark[];
  warnings: CheckWarning[];
}

const round = (n: number) => Number(n.toFixed(2));

export function matchBill(text: string, claim: BillClaim, capturedAt: Date): BillMatch {
  const tokens = tokenize(text);
  const issuer = findIssuer(tokens);
  const date = billDateOf(text, capturedAt);
  const claimName = nameWords(claim.subjectName);
  const name = bestWindow(tokens, 2, (w) => scoreName(claimName, w, 'name'));
  const claimAddress = claim.address ? addressWords(claim.address) : [];
  const address = claimAddress.length
    ? bestWindow(tokens, 3, (w) => scoreAddress(claimAddress, w))
    : // Stryker disable next-line ArrayDeclaration: a score of 0 is under the threshold, so these marks are never kept
      { score: 0, marks: [] };
  const marks: TextMark[] = [
    ...(issuer ? [issuer.mark] : []),
    ...(name.score >= nameThreshold ? name.marks : []),
    ...(address.score >= addressThreshold ? address.marks : []),
    ...(date ? [{ start: date.start, end: date.end, field: 'date' as const }] : []),
  ].sort((a, b) => a.start - b.start);

  const warnings: CheckWarning[] = [];
  const readable = readableBill(text);
  if (!readable) {
    warnings.push({
      code: 'bill_unreadable',
      message: 'Too little text could be read on the bill to compare it with the claim.',
    });
  } else {
    if (name.score < nameThreshold) {
      const onBill = labelled(text, nameLabel, 5);
      warnings.push({
        code: 'bill_name_mismatch',
        message: onBill
          ? `The bill is in the name of ${onBill}, not ${claim.subjectName}.`
          : `The name ${claim.subjectName} was not found on the bill.`,
      });
    }
    if (claim.address && address.score < addressThreshold) {
      const onBill = labelled(text, addressLabel, 10);
      warnings.push({
        code: 'bill_address_mismatch',
        message: onBill
          ? `The bill's address is ${onBill}, not ${claim.address}.`
          : `The claimed address, ${claim.address}, was not found on the bill.`,
      });
    }
  }
  if (date && tooOld(date, capturedAt)) {
    warnings.push({
      code: 'bill_too_old',
      message: `The bill is dated ${longDate(date)}, more than ${maxBillAgeMonths} months before the capture on ${longDate({ date: lagosDate(capturedAt), monthOnly: false, start: 0, end: 0 })}.`,
    });
  }
  return {
    issuer: issuer?.name ?? null,
    name_score: round(name.score),
    address_score: round(address.score),
    bill_date: date?.date ?? null,
    marks,
    warnings,
  };
}

// --- two readings of one bill -------------------------------------------------------------------

/** One OCR reading of a bill and what it says about the claim. */
export interface BillReading extends BillMatch {
  text: string;
}

const has = (m: BillMatch, code: CheckWarning['code']) => m.warnings.some((w) => w.code === code);

/**
 * Whether a reading is worth a second look: it read enough to judge and did not find the name or
 * the address. OCR drops a line or garbles a word far more often than a bill is in another name,
 * so before warning the photo is read once more, prepared another way.
 */
export function wantsSecondReading(m: BillMatch): boolean {
  return (
    !has(m, 'bill_unreadable') && (has(m, 'bill_name_mismatch') || has(m, 'bill_address_mismatch'))
  );
}

/**
 * The two readings of one bill as one: the name (or address) is found when either reading found
 * it. The text shown, its marks, the issuer and the date are those of the reading that found
 * more of the claim (the first when they found as much); the scores are each the better one.
 * A reading that could not read the bill gives way to the other.
 */
export function bestOfReadings<R extends BillReading>(first: R, second: R): R {
  if (has(second, 'bill_unreadable')) return first;
  if (has(first, 'bill_unreadable')) return second;
  const found = (r: BillReading) => ({
    name: !has(r, 'bill_name_mismatch'),
    address: !has(r, 'bill_address_mismatch'),
  });
  const [a, b] = [found(first), found(second)];
  const count = (f: { name: boolean; address: boolean }) => Number(f.name) + Number(f.address);
  const chosen = count(b) > count(a) ? second : first;
  return {
    ...chosen,
    name_score: Math.max(first.name_score, second.name_score),
    address_score: Math.max(first.address_score, second.address_score),
    warnings: chosen.warnings.filter(
      (w) =>
        !(w.code === 'bill_name_mismatch' && (a.name || b.name)) &&
        !(w.code === 'bill_address_mismatch' && (a.address || b.address)),
    ),
  };
}
