import { describe, expect, it } from 'vitest';
import type { CheckWarning } from '../../../server/services/checks/types';
import {
  addressThreshold,
  addressWords,
  bestOfReadings,
  billDateOf,
  findDates,
  findIssuer,
  foldNumber,
  foldWord,
  linesLabellingName,
  linesNamingStreet,
  matchBill,
  maxBillAgeMonths,
  minBillWords,
  minReadableWords,
  nameThreshold,
  nameWords,
  readableWords,
  similarity,
  tokenize,
  tooOld,
  wantsSecondReading,
  type BillReading,
} from '../../../server/services/checks/billMatch';

/**
 * The bill matcher's rules one at a time, at their edges: each fold, each abbreviation, each
 * threshold met exactly and missed by one step, each date form and label, the messages' cuts.
 * billMatch.test.ts reads whole bills; these pin what a whole bill would let slip.
 */

const capturedAt = new Date('2026-10-20T10:00:00Z');
/** Ten readable words on two lines that name nobody, no street and no date. */
const filler = 'Electricity bill customer copy\nThank you for your patronage always';

/** The match of `lines` on a bill with the filler above them, apart by a blank line. */
const read = (
  lines: string,
  subjectName: string,
  address: string | null = null,
  at: Date = capturedAt,
) => matchBill(`${filler}\n\n${lines}\n\n`, { subjectName, address }, at);

const messages = (lines: string, address: string | null = '14 Bode Thomas Street', at?: Date) =>
  matchBill(`${filler}\n${lines}`, { subjectName: 'Adebayo Okonkwo', address }, at ?? capturedAt)
    .warnings;

describe('folding', () => {
  it('folds accents, vv, ø, the l-likes, 5 and 8 in words, and drops the rest', () => {
    expect(foldWord('Adébáyọ̀')).toBe('adebayo');
    expect(foldWord('vvale')).toBe('wale');
    expect(foldWord('Øla')).toBe('ola');
    expect(foldWord('0la')).toBe('ola');
    expect(foldWord('a|b!c1d')).toBe('alblcld');
    expect(foldWord('Ibí')).toBe('lbl');
    expect(foldWord('5a8')).toBe('sab');
    expect(foldWord("O'Neil-Ade")).toBe('onellade');
    expect(foldWord('2024')).toBe('2o24');
  });

  it('folds the letters OCR puts for digits in numbers, each to its digit', () => {
    expect(foldNumber('oOlLiI|!')).toBe('00111111');
    expect(foldNumber('bBaAsSzZ')).toBe('88445522');
    expect(foldNumber('No.14/B')).toBe('n0148');
  });

  it('cuts text into words with | inside them, counting blank lines', () => {
    expect(tokenize('A|B x\n\nÉzé 12').map((t) => [t.raw, t.word, t.line])).toEqual([
      ['A|B', 'alb', 0],
      ['x', 'x', 0],
      ['Ézé', 'eze', 2],
      ['12', 'l2', 2],
    ]);
  });

  it('measures edits as Levenshtein does (a swap is two)', () => {
    expect(similarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 10);
    expect(similarity('ab', 'abc')).toBeCloseTo(2 / 3, 10);
    expect(similarity('abc', 'ab')).toBeCloseTo(2 / 3, 10);
    expect(similarity('', 'a')).toBe(0);
    expect(similarity('abcd', 'abdc')).toBe(0.5);
  });

  it('counts as readable words of 3+ letters with a vowel (y too) and no letter thrice', () => {
    expect(readableWords('aaa bbb abc xyz yyy sky ab abcd Aaab cool')).toBe(6);
    expect(readableWords('AAA 12 a1b')).toBe(0);
  });
});

describe('the issuer', () => {
  it('wants short alias words exact and long ones nearly so', () => {
    expect(findIssuer(tokenize('IKEJX ELECTRIC'))).toBeNull();
    expect(findIssuer(tokenize('IKEJA ELECTRXC'))?.name).toBe('Ikeja Electric');
    expect(findIssuer(tokenize('IKEJA ELXCTRXC'))).toBeNull();
    // the alias's words in a row, not apart
    expect(findIssuer(tokenize('IKEJA bill ELECTRIC'))).toBeNull();
    const found = findIssuer(tokenize('copy ikedc'))!;
    expect(found).toEqual({ name: 'Ikeja Electric', mark: { start: 5, end: 10, field: 'issuer' } });
  });
});

describe('the name, word by word', () => {
  it('scores an initial on either side 0.8', () => {
    expect(read('A Okonkwo', 'Adebayo Okonkwo').name_score).toBe(0.9);
    expect(read('Adebayo O', 'Adebayo Okonkwo').name_score).toBe(0.9);
  });

  it('scores initials alone 0, and keeps no marks for them', () => {
    expect(read('A O', 'Adebayo Okonkwo')).toMatchObject({ name_score: 0 });
    expect(read('A O', 'Adebayo Okonkwo').marks.filter((m) => m.field === 'name')).toEqual([]);
    expect(read('A O Okonkwo', 'Adebayo O Okonkwo').name_score).toBeCloseTo(2.8 / 3);
  });

  it('wants claimed words of three letters and read words of two exact', () => {
    expect(read('Edu Okonkwo', 'Eda Okonkwo').name_score).toBe(0.5);
    expect(read('Edu Okonkwo', 'Edu Okonkwo').name_score).toBe(1);
    expect(read('Adebayo Ok', 'Adebayo Okon').name_score).toBe(0.5);
  });

  it('counts a word 60% alike, and nothing less alike', () => {
    expect(read('Emexy Nwankwo', 'Emeka Nwankwo').name_score).toBe(0.8);
    expect(read('Emxyz Nwankwo', 'Emeka Nwankwo').name_score).toBe(0.5);
  });

  it('does not take a title on the bill for an initial', () => {
    expect(read('Mr Okonkwo', 'M Okonkwo').name_score).toBe(0.5);
    expect(read('Mo Okonkwo', 'M Okonkwo').name_score).toBe(0.9);
  });

  it('uses each read word once, longest claimed words first', () => {
    expect(read('Adebayo Okonkwo', 'Adebayo Adebayo').name_score).toBe(0.5);
    expect(read('Adebayo Ade', 'A Adebayo').name_score).toBe(0.9);
  });

  it('looks for the name within two lines, not across a gap', () => {
    expect(read('Adebayo\nOkonkwo', 'Adebayo Okonkwo').name_score).toBe(1);
    expect(read('Adebayo\n\nOkonkwo', 'Adebayo Okonkwo').name_score).toBe(0.5);
  });

  it(`passes a name scoring ${nameThreshold} exactly, marking its words, and warns below`, () => {
    // 1 + 0.8 + 0.8 + 0 over four words
    const at = read('Adebayo O. E.', 'Adebayo Okonkwo Emeka Chukwu');
    expect(at.name_score).toBe(nameThreshold);
    expect(at.warnings).toEqual([]);
    expect(at.marks.filter((m) => m.field === 'name')).toHaveLength(3);
    const below = read('Adebayo O.', 'Adebayo Okonkwo Emeka Chukwu');
    expect(below.name_score).toBe(0.45);
    expect(below.marks).toEqual([]);
    expect(below.warnings.map((w) => w.code)).toEqual(['bill_name_mismatch']);
  });

  it('scores no claimed name at all 0, and leaves only titles out', () => {
    expect(nameWords('Mr. Dr')).toEqual([]);
    expect(read('Adebayo Okonkwo', 'Mr Dr').name_score).toBe(0);
    expect(nameWords('Highness Ayo')).toEqual(['hlghness', 'ayo']);
  });
});

describe('the address, word by word', () => {
  it('shortens every street word it knows', () => {
    const long =
      'Street Str Road Close Avenue Av Crescent Cresc Lane Drive Estate Junction Opposite Way Layout';
    expect(addressWords(long).map((w) => w.text)).toEqual(
      [
        'st',
        'st',
        'rd',
        'cl',
        'ave',
        'ave',
        'cres',
        'cres',
        'ln',
        'dr',
        'est',
        'jnc',
        'opp',
      ].concat(['way', 'lay']),
    );
  });

  it('leaves out the words that name no address', () => {
    expect(addressWords('No Number Num and the of Ikeja').map((w) => w.text)).toEqual(['lkeja']);
  });

  it('knows a long street word with one slip in five letters, not a four-letter word', () => {
    expect(addressWords('Streer Avenve Closx Clzzx Clos').map((w) => w.text)).toEqual([
      'st',
      'ave',
      'cl',
      'clzzx',
      'clos',
    ]);
  });

  it('reads house numbers with "No" stuck to them, keeping their letter', () => {
    expect(addressWords('No14 no14b 7')).toEqual([
      { text: '14', number: true },
      { text: '148', number: true },
      { text: '7', number: true },
    ]);
  });

  it(`passes an address scoring ${addressThreshold} exactly, marking its words, and warns below`, () => {
    // 1 + 1 + 0.8 + 0 over four words
    const at = read('Bode Thomas Akekx', 'Zz', 'Bode Thomas Akeke Mama');
    expect(at.address_score).toBe(addressThreshold);
    expect(at.marks.filter((m) => m.field === 'address')).toHaveLength(3);
    expect(at.warnings.map((w) => w.code)).toEqual(['bill_name_mismatch']);
    const below = read('Bode Thomas Axxxx', 'Zz', 'Bode Thomas Akeke Mama');
    expect(below.address_score).toBe(0.5);
    expect(below.marks).toEqual([]);
    expect(below.warnings.map((w) => w.code)).toEqual([
      'bill_name_mismatch',
      'bill_address_mismatch',
    ]);
  });

  it('holds an address with another house number to 0.5 at most', () => {
    expect(read('Address: 15 Bode Thomas Street', 'Zz', '14 Bode Thomas Street')).toMatchObject({
      address_score: 0.5,
      marks: [],
    });
    const same = read('Address: No14 Bode Thomas Street', 'Zz', '14 Bode Thomas Street');
    expect(same.address_score).toBe(1);
    expect(same.marks.map((m) => m.field)).toEqual(['address', 'address', 'address', 'address']);
  });

  it('looks for the address within three lines', () => {
    expect(read('14 Bode\nThomas\nStreet', 'Zz', '14 Bode Thomas Street').address_score).toBe(1);
    expect(read('14 Bode\nThomas\n\nStreet', 'Zz', '14 Bode Thomas Street').address_score).toBe(
      0.75,
    );
  });
});

describe('dates, at their edges', () => {
  it('takes two-digit years as 20xx and years 2000 to 2100 only', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('05/06/99')).toEqual(['2099-06-05']);
    expect(dates('01/01/2000 31/12/2100')).toEqual(['2000-01-01', '2100-12-31']);
    expect(dates('05/06/1999 05/06/2101')).toEqual([]);
  });

  it('knows the length of each month and leap years', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('31/05/2026 31/04/2026 29/02/2028 29/02/2027')).toEqual([
      '2026-05-31',
      '2028-02-29',
    ]);
    expect(dates('00/05/2026 05/00/2026 2026-00-05 2026-05-00')).toEqual([]);
  });

  it('reads ordinals, shortened and misspelt months, and digits read as letters', () => {
    const dates = (text: string) => findDates(text).map((d) => [d.date, d.monthOnly]);
    expect(dates('1st March 2026')).toEqual([['2026-03-01', false]]);
    expect(dates('2nd Sept 2026')).toEqual([['2026-09-02', false]]);
    expect(dates('3rd Febuary 2026')).toEqual([['2026-02-03', false]]);
    expect(dates('Marc 2026')).toEqual([['2026-03-01', true]]);
    expect(dates('May 2026')).toEqual([['2026-05-01', true]]);
    expect(dates('March 2O26')).toEqual([['2026-03-01', true]]);
    expect(dates('I2/O3/2026')).toEqual([['2026-03-12', false]]);
    expect(dates('Jan 12 2026')).toEqual([['2026-01-12', false]]);
  });

  it('marks where each date is written, once', () => {
    const text = 'Date: 2026-03-12 and March 12, 2026';
    expect(findDates(text)).toEqual([
      { date: '2026-03-12', monthOnly: false, start: 6, end: 16 },
      { date: '2026-03-12', monthOnly: false, start: 21, end: 35 },
    ]);
  });

  it('takes a bill dated up to 62 days after the capture, not later', () => {
    expect(billDateOf('Bill Date: 21/12/2026', capturedAt)?.date).toBe('2026-12-21');
    expect(billDateOf('Bill Date: 22/12/2026', capturedAt)).toBeNull();
    // a month counts from its last day
    expect(billDateOf('Period: December 2026', capturedAt)).toBeNull();
    expect(billDateOf('Period: November 2026', capturedAt)?.date).toBe('2026-11-01');
  });

  it('prefers a labelled bill date, then an unlabelled one, then a due or payment date', () => {
    expect(billDateOf('Due date: 10/10/2026\n\n05/10/2026', capturedAt)?.date).toBe('2026-10-05');
    expect(billDateOf('Payment: 10/10/2026 Period: 05/09/2026', capturedAt)?.date).toBe(
      '2026-09-05',
    );
    expect(billDateOf('Period: September 2026\nDate: 30/09/2026', capturedAt)).toMatchObject({
      date: '2026-09-01',
      monthOnly: true,
    });
    expect(billDateOf('Due date: 10/10/2026\nLast paid: 12/10/2026', capturedAt)?.date).toBe(
      '2026-10-12',
    );
    // a label on the line above does not count
    expect(billDateOf('Bill date\n01/09/2026 05/09/2026', capturedAt)?.date).toBe('2026-09-05');
  });

  it(`is too old only past ${maxBillAgeMonths} months, to the millisecond`, () => {
    const day = (date: string, monthOnly = false) => ({ date, monthOnly, start: 0, end: 0 });
    const midnight = new Date('2026-07-15T00:00:00Z');
    expect(tooOld(day('2026-04-15'), midnight)).toBe(false);
    expect(tooOld(day('2026-04-14'), midnight)).toBe(true);
    // a month ends on its last day
    expect(tooOld(day('2026-04-01', true), new Date('2026-07-30T00:00:00Z'))).toBe(false);
    expect(tooOld(day('2026-04-01', true), new Date('2026-07-30T00:00:00.001Z'))).toBe(true);
  });

  it("names a month-only bill by its month, and the capture by Lagos's day", () => {
    expect(messages('Bill Date: March 2026', null)).toContainEqual({
      code: 'bill_too_old',
      message:
        'The bill is dated March 2026, more than 3 months before the capture on 20 October 2026.',
    });
    expect(
      messages('Bill Date: 01/06/2026', null, new Date('2026-10-20T23:30:00Z')),
    ).toContainEqual({
      code: 'bill_too_old',
      message:
        'The bill is dated 1 June 2026, more than 3 months before the capture on 21 October 2026.',
    });
    expect(read('Bill Date: 01/09/2026', 'Zz').bill_date).toBe('2026-09-01');
    const start = `${filler}\n\nBill Date: `.length;
    expect(read('Bill Date: 01/09/2026', 'Zz').marks).toEqual([
      { start, end: start + 10, field: 'date' },
    ]);
  });
});

describe("the warnings' words", () => {
  const codes = (text: string) =>
    matchBill(text, { subjectName: 'Zz', address: null }, capturedAt).warnings.map((w) => w.code);

  it(`judges a bill from ${minReadableWords} readable words, ${minBillWords} of them a bill's`, () => {
    expect(codes('bill total meter four five six seven eight')).toEqual(['bill_name_mismatch']);
    expect(codes('bill total meter four five six seven')).toEqual(['bill_unreadable']);
    // Eight words, but only two of a bill's (one of them twice): a wall's noise, not judged.
    expect(codes('bill total bill four five six seven eight')).toEqual(['bill_unreadable']);
    expect(codes('one two three four five six seven eight')).toEqual(['bill_unreadable']);
  });

  it('names at most five words of the name and ten of the address found on the bill', () => {
    const text =
      'Account Name: Chinedu Eze Okafor Bello Musa Ade Extra\n' +
      'Service Address: 3 Allen Avenue Ikeja Lagos One Two Three Four Five Six Seven';
    expect(messages(text).map((w) => w.message)).toEqual([
      'The bill is in the name of Chinedu Eze Okafor Bello Musa, not Adebayo Okonkwo.',
      "The bill's address is 3 Allen Avenue Ikeja Lagos One Two Three Four Five, not 14 Bode Thomas Street.",
    ]);
  });

  it('cuts the value at a column (two spaces or a bar) and drops an amount at its end', () => {
    expect(
      messages('Bill to - Chinedu  Eze  N12,000.00\nPremises; 3 Allen Avenue | Meter 123').map(
        (w) => w.message,
      ),
    ).toEqual([
      'The bill is in the name of Chinedu, not Adebayo Okonkwo.',
      "The bill's address is 3 Allen Avenue, not 14 Bode Thomas Street.",
    ]);
    expect(messages("Customer's Name. Chinedu Eze N12,345.00")[0]!.message).toBe(
      'The bill is in the name of Chinedu Eze, not Adebayo Okonkwo.',
    );
  });

  it('skips a labelled value with no readable word, and keeps letters, digits and . , / -', () => {
    expect(
      messages(
        'Name: 12345\nCustomer: Chinedu* Eze\nAddress: ##\nSupply Address: 3/5 Allen-Ave.',
      ).map((w) => w.message),
    ).toEqual([
      'The bill is in the name of Chinedu Eze, not Adebayo Okonkwo.',
      "The bill's address is 3/5 Allen-Ave., not 14 Bode Thomas Street.",
    ]);
  });

  it('says at most 80 characters of what it found', () => {
    const long = 'Abcdefghijklmnopqrstuvwxyz';
    const [name] = messages(`Name: ${long} ${long} ${long} ${long}`, null);
    expect(name!.message).toBe(
      `The bill is in the name of ${`${long} ${long} ${long} ${long}`.slice(0, 80)}, not Adebayo Okonkwo.`,
    );
  });

  it('reports the issuer, or none, and the scores rounded to two places', () => {
    const m = read('IKEDC\nAdebayo Okonkwa Okafor', 'Adebayo Okonkwo Okafor');
    expect(m.issuer).toBe('Ikeja Electric');
    expect(m.name_score).toBe(0.95);
    expect(read('Adebayo', 'Adebayo').issuer).toBeNull();
  });
});

describe('the rest of the rule book', () => {
  it('leaves every title out of the claimed name', () => {
    const titles =
      'Mr Mrs Miss Ms Dr Chief Alhaji Alhaja Alh Hajia Hajiya Engr Prof Barr Pastor Rev Sir Madam ' +
      'Mallam Malam Otunba Prince Princess Lady Arc Hon Deacon Deaconess Elder Bishop Evang ' +
      'Comrade Capt Col Gen Oba Olori High';
    expect(nameWords(`${titles} Ayo`)).toEqual(['ayo']);
  });

  it.each([
    'Bill Date',
    'BillDate',
    'Bill  Date',
    'Billing Date',
    'Billing  Period',
    'BillingPeriod',
    'Bill Month',
    'Date of Bill',
    'DateofBill',
    'Date  of  Issue',
    'Issue Date',
    'IssueDate',
    'Issue  Date',
    'Invoice Date',
    'InvoiceDate',
    'Invoice  Date',
    'Statement Date',
    'StatementDate',
    'Statement  Date',
    'Date Issued',
    'DateIssued',
    'Date  Issued',
    'Period',
    'Month',
    'Bill Date:-',
  ])('takes a date labelled "%s" over a later unlabelled one', (label) => {
    expect(billDateOf(`${label} 01/09/2026\n05/09/2026`, capturedAt)?.date).toBe('2026-09-01');
  });

  it.each([
    'Due',
    'Pay by',
    'PayBy',
    'Pay  by',
    'Last pay',
    'LastPay',
    'Last  paid',
    'Payment',
    'Previous',
    'Prev',
    'Read Date',
    'ReadingDate',
    'Reading  Date',
    'Meter read',
    'MeterRead',
    'Meter  read',
    'Printed',
    'Generated',
    'Due (latest)',
  ])('takes an unlabelled date over a later one labelled "%s"', (label) => {
    expect(billDateOf(`${label} 05/10/2026\n01/09/2026`, capturedAt)?.date).toBe('2026-09-01');
  });

  it('reads the bill-to label and premises with any spacing', () => {
    for (const label of ['Bill to', 'Billto', 'Bill  to'])
      expect(messages(`${label}: Chinedu Eze`, null)[0]!.message, label).toBe(
        'The bill is in the name of Chinedu Eze, not Adebayo Okonkwo.',
      );
    expect(messages('Premises: 3 Allen Avenue').map((w) => w.message)).toContain(
      "The bill's address is 3 Allen Avenue, not 14 Bode Thomas Street.",
    );
  });

  it('reads dates spaced out around their separators and months run into their numbers', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('12 / 03 / 2026')).toEqual(['2026-03-12']);
    expect(dates('12March 2026')).toEqual(['2026-03-12']);
    expect(dates('March12, 2026')).toEqual(['2026-03-12']);
    expect(dates('March 12,  2026')).toEqual(['2026-03-12']);
    expect(dates('March. 2026')).toEqual(['2026-03-01']);
    expect(dates("March, '2026")).toEqual(['2026-03-01']);
  });

  it('lists dates in the order they are written, whatever form each has', () => {
    expect(findDates('March 2026 then 12/03/2026').map((d) => d.start)).toEqual([0, 16]);
  });

  it('marks the bill in reading order, the issuer after the name when printed after it', () => {
    const text = `${filler}\nAdebayo Okonkwo\nIKEDC`;
    const m = matchBill(text, { subjectName: 'Adebayo Okonkwo', address: null }, capturedAt);
    expect(m.marks.map((x) => text.slice(x.start, x.end))).toEqual(['Adebayo', 'Okonkwo', 'IKEDC']);
  });

  it('finds a name on a bill of one line, and marks its first place when printed twice', () => {
    expect(
      matchBill('Adebayo Okonkwo', { subjectName: 'Adebayo Okonkwo', address: null }, capturedAt)
        .name_score,
    ).toBe(1);
    const text = `${filler}\n\nAdebayo Okonkwo\n\n\nAdebayo Okonkwo`;
    const m = matchBill(text, { subjectName: 'Adebayo Okonkwo', address: null }, capturedAt);
    expect(m.marks.map((x) => x.start)).toEqual([text.indexOf('Adebayo'), text.indexOf('Okonkwo')]);
  });

  it('calls two empty words alike', () => {
    expect(similarity('', '')).toBe(1);
  });
});

describe('the edges the first run of mutants found', () => {
  it('shortens only words of five letters or more, and only to the long forms', () => {
    expect(addressWords('Roads Lanes 14no').map((w) => w.text)).toEqual(['roads', 'lanes', '14n0']);
  });

  it('uses each word of the bill once for the address too', () => {
    expect(read('Address: Bode Street', 'Zz', 'Bode Bode Street').address_score).toBe(0.67);
  });

  it('takes a month with one slip in four letters', () => {
    expect(findDates('Junr 2026').map((d) => d.date)).toEqual(['2026-06-01']);
  });

  it('takes a bill dated 62 days after a capture at midnight, to the millisecond', () => {
    const midnight = new Date('2026-10-20T00:00:00Z');
    expect(billDateOf('Bill Date: 21/12/2026', midnight)?.date).toBe('2026-12-21');
  });

  it('drops an amount only at the end of the value, with or without N', () => {
    expect(messages('Customer: Chinedu N12,345 Eze', null)[0]!.message).toBe(
      'The bill is in the name of Chinedu N12,345 Eze, not Adebayo Okonkwo.',
    );
    expect(messages('Customer: Chinedu Eze 12,345.00', null)[0]!.message).toBe(
      'The bill is in the name of Chinedu Eze, not Adebayo Okonkwo.',
    );
  });

  it('says the claimed address was not found when the bill labels none', () => {
    expect(messages('Adebayo Okonkwo')).toContainEqual({
      code: 'bill_address_mismatch',
      message: 'The claimed address, 14 Bode Thomas Street, was not found on the bill.',
    });
  });

  it('reads words of vowels only as words', () => {
    expect(readableWords('eau aia')).toBe(2);
  });

  it('takes a long issuer word with two slips in ten letters', () => {
    expect(findIssuer(tokenize('WASTE MANAGXMXNT AUTHORITY'))?.name).toBe('LAWMA');
  });
});

describe('the edges the full run of mutants found', () => {
  it('folds ¥ and € to the letters they stand for', () => {
    expect(foldWord('¥€s')).toBe('yes');
  });

  it('takes the initial rule only where the words do not already match, and only for an initial', () => {
    // A claimed initial read exactly scores 1, not the initial's 0.8.
    expect(read('Adebayo O Okonkwo', 'Adebayo O Okonkwo').name_score).toBe(1);
    // Two full words that share only their first letter are not alike.
    expect(read('Adebayo Oluwaseun', 'Adebayo Okonkwo').name_score).toBe(0.5);
  });

  it('does not let a word split in two reuse a half another claimed word took', () => {
    expect(read('Okonkwo B', 'Okonkwo Okonkw').name_score).toBe(0.5);
  });

  it('takes "No" stuck to the front of a house number only', () => {
    expect(read('1no4 Bode Thomas Street', 'Zz', '14 Bode Thomas Street').address_score).toBe(0.5);
    expect(read('No14 Bode Thomas Street', 'Zz', '14 Bode Thomas Street').address_score).toBe(1);
  });

  it('reads back digits read as letters in a whole date, followed by a space or not', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    expect(dates('Bill date O1/O2/2l due')).toEqual(['2021-02-01']);
    expect(dates('March 2O26 bill')).toEqual(['2026-03-01']);
    // Letters alone in a date's shape are not a date.
    expect(dates('ref lO/Ol/lI')).toEqual([]);
  });

  it('takes a two-digit year after a month written in words', () => {
    expect(findDates('15 Mar 26').map((d) => d.date)).toEqual(['2026-03-15']);
  });

  it('takes a label only just before its date', () => {
    expect(billDateOf('Bill date: 01/09/2026 Due date: 15/09/2026', capturedAt)?.date).toBe(
      '2026-09-01',
    );
    expect(
      billDateOf('Payment options at any bank branch 01/09/2026\n15/08/2026', capturedAt)?.date,
    ).toBe('2026-09-01');
  });

  it('reads a labelled value with or without spaces around the separator', () => {
    for (const line of ['Name:Chinedu Eze', 'Name : Chinedu Eze', 'Customer name - Chinedu Eze'])
      expect(messages(line, null)[0]!.message, line).toBe(
        'The bill is in the name of Chinedu Eze, not Adebayo Okonkwo.',
      );
    for (const line of ['Service address:3 Allen Avenue', 'Address : 3 Allen Avenue'])
      expect(
        messages(line).map((w) => w.message),
        line,
      ).toContain("The bill's address is 3 Allen Avenue, not 14 Bode Thomas Street.");
  });

  it('counts the words of a value once a dropped sign left two spaces between them', () => {
    expect(messages('Customer: Chinedu * Eze Okafor Obi Ade Bello', null)[0]!.message).toBe(
      'The bill is in the name of Chinedu Eze Okafor Obi Ade, not Adebayo Okonkwo.',
    );
  });

  it('drops an amount only when a space sets it apart from the last word', () => {
    expect(messages('Customer: Chinedu Eze12,500', null)[0]!.message).toBe(
      'The bill is in the name of Chinedu Eze12,500, not Adebayo Okonkwo.',
    );
  });
});

describe('two readings of one bill, as the rules say', () => {
  const reading = (
    text: string,
    codes: CheckWarning['code'][],
    scores: Partial<Pick<BillReading, 'name_score' | 'address_score'>> = {},
  ): BillReading => ({
    text,
    issuer: null,
    name_score: 0,
    address_score: 0,
    bill_date: null,
    marks: [],
    warnings: codes.map((code) => ({ code, message: code })),
    ...scores,
  });

  it('does not look twice at a bill it could not read', () => {
    expect(wantsSecondReading(reading('x', ['bill_unreadable', 'bill_name_mismatch']))).toBe(false);
    expect(wantsSecondReading(reading('x', ['bill_name_mismatch']))).toBe(true);
  });

  it('keeps the better of each score', () => {
    const both = bestOfReadings(
      reading('first', [], { name_score: 0.9, address_score: 0.2 }),
      reading('second', [], { name_score: 0.3, address_score: 0.8 }),
    );
    expect([both.name_score, both.address_score]).toEqual([0.9, 0.8]);
  });

  it('shows the second reading when it found more of the claim', () => {
    const first = reading('first', ['bill_name_mismatch', 'bill_address_mismatch']);
    const second = reading('second', ['bill_address_mismatch']);
    expect(bestOfReadings(first, second).text).toBe('second');
    expect(bestOfReadings(second, first).text).toBe('second');
  });

  it("drops the shown reading's address warning when the other found the address", () => {
    const noAddress = reading('first', ['bill_address_mismatch', 'bill_too_old']);
    const noName = reading('second', ['bill_name_mismatch', 'bill_too_old']);
    expect(bestOfReadings(noAddress, noName).warnings.map((w) => w.code)).toEqual(['bill_too_old']);
    expect(bestOfReadings(noName, noAddress).warnings.map((w) => w.code)).toEqual(['bill_too_old']);
  });

  it('keeps a warning neither reading cleared', () => {
    const first = reading('first', ['bill_name_mismatch', 'bill_address_mismatch']);
    const second = reading('second', ['bill_address_mismatch']);
    expect(bestOfReadings(first, second).warnings.map((w) => w.code)).toEqual([
      'bill_address_mismatch',
    ]);
  });
});

describe('the lines a closer look reads', () => {
  const page = [
    'JOS ELECTRICITY DISTRIBUTION PLC',
    'Customer Name: Miss Funmilayo Lawal',
    'Address: 26 Anmadu Bello Way. Jos',
    'North',
    'Bello Close Branch, Jos',
  ];

  it('names the lines holding a street word of 4+ letters, as OCR read it, most first', () => {
    // "Anmadu" for "Ahmadu"; "Way" and "Jos" are too short to tell a street by.
    expect(linesNamingStreet(page, '25 Ahmadu Bello Way, Jos North')).toEqual([2, 3, 4]);
    expect(linesNamingStreet(page, '25 Ahmadu Bello Way, Jos North', 2)).toEqual([2, 3]);
    // Most first, whatever the page's order; equal counts keep the page's order.
    expect(linesNamingStreet(['North', 'Ahmadu Bello Way'], '25 Ahmadu Bello Way, North')).toEqual([
      1, 0,
    ]);
    expect(linesNamingStreet(['Bello', 'x', 'Bello'], 'Bello Way')).toEqual([0, 2]);
  });

  it('names none for another street, a house number alone, or an address of short words', () => {
    expect(linesNamingStreet(page, '14 Adeola Odeku Street')).toEqual([]);
    expect(linesNamingStreet(['No. 26', '26 Ahmadu'], '26 Zoo Rd')).toEqual([]);
    expect(linesNamingStreet(page, 'Way Jos')).toEqual([]);
  });
});

describe('the lines labelled as the name', () => {
  it('finds the label as OCR may read it, in page order, at most two by default', () => {
    const page = ['EKO ELECTRICITY', 'Customer Name: Folks a', 'Account No: 1', 'Narne: x', 'Nome'];
    expect(linesLabellingName(page)).toEqual([1, 3]);
    expect(linesLabellingName(page, 3)).toEqual([1, 3, 4]);
  });

  it('finds none on a page without the label', () => {
    expect(
      linesLabellingName(['Customer Copy', 'Tariff: R2', 'Address: 14 Bode Thomas St']),
    ).toEqual([]);
  });
});
