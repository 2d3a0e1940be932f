import { type Found, type Token, foldWord, tokenize, wordScore } from './billText';
import type { TextMark } from './types';

/**
 * The subject's name on a bill: word by word in any order, titles left out, an initial for its
 * word, and a word OCR split in two joined again.
 */

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

export function scoreName(claimWords: string[], window: Token[], field: 'name'): Found {
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
