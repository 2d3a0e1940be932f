import type { TextMark } from './types';

/**
 * The words of a bill's read text as the matchers compare them: tokens with OCR's letter slips
 * folded, Levenshtein similarity, and the window of lines a field is looked for in.
 */

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
/** How well one claimed word is matched by one read word: short words must be exact. */
export function wordScore(claim: string, read: string): number {
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

export interface Found {
  score: number;
  marks: TextMark[];
}

/** The best window of `lines` consecutive lines for `score`. */
export function bestWindow(
  tokens: Token[],
  lines: number,
  score: (window: Token[]) => Found,
): Found & { line: number } {
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
