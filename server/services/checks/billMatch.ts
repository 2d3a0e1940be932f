import { billIssuers } from '../../../reference/billIssuers';
import { lagosDate } from '../../../reference/lagosTime';
import { addressWords, scoreAddress, withNumbersParted } from './billAddress';
import { billDateOf, longDate, maxBillAgeMonths, tooOld } from './billDate';
import { nameWords, scoreName } from './billName';
import { type Token, bestWindow, foldWord, readableWords, similarity, tokenize } from './billText';
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
    ? bestWindow(withNumbersParted(tokens, claimAddress), 3, (w) => scoreAddress(claimAddress, w))
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
