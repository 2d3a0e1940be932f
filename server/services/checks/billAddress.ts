import {
  type Found,
  type Token,
  foldNumber,
  foldWord,
  similarity,
  tokenize,
  wordScore,
} from './billText';
import type { TextMark } from './types';

/**
 * The claimed address on a bill: its words in their short forms (St, Rd, Cl…), "No." and the
 * state left out, and the house number, which must match on a line of the address.
 */

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
 * Whether a read word is the claimed house number: the same number, only OCR's letter-for-digit
 * slips forgiven, in a word with a digit (a table's "|" is no house number 1).
 */
const isHouseNumber = (t: Token, number: string) =>
  hasDigit(t.raw) && foldNumber(t.raw.replace(/^no\.?/i, '')) === number;

/**
 * The read words with the claimed house number that OCR glued to the street after it parted from
 * it: "88AGaladima" is "88A" and "Galadima" (103000 bill 11). Only the claimed number is parted,
 * and only from 3+ characters beginning with a letter, so an ordinal stays whole: "2nd" or "21st
 * Floor" holds no house number 2. Once per reading, before its windows are scored.
 */
export function withNumbersParted(tokens: Token[], claim: AddressWord[]): Token[] {
  // Stryker disable next-line MethodExpression: a street word never passes for a house number (a read number has a digit, a claimed word none)
  const numbers = claim.filter((x) => x.number).map((x) => x.text);
  return tokens.flatMap((t) => {
    for (let k = 1; k + 3 <= t.raw.length; k++) {
      const rest = t.raw.slice(k);
      // The street may hold OCR's digits for letters ("14OJ0"), but begins with a letter.
      if (!/^\p{L}/u.test(rest)) continue;
      const raw = t.raw.slice(0, k);
      const number = { ...t, raw, word: foldWord(raw), end: t.start + k };
      if (numbers.some((n) => isHouseNumber(number, n)))
        return [number, { ...t, raw: rest, word: foldWord(rest), start: number.end }];
    }
    return [t];
  });
}

export function scoreAddress(claim: AddressWord[], window: Token[]): Found {
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,ArrayDeclaration: matchBill scores an address only when it has words
  if (!claim.length) return { score: 0, marks: [] };
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
