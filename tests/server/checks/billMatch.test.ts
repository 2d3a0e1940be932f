import { describe, expect, it } from 'vitest';
import type { CheckWarning } from '../../../server/services/checks/types';
import {
  addressThreshold,
  bestOfReadings,
  findIssuer,
  matchBill,
  minBillWords,
  minReadableWords,
  nameThreshold,
  wantsSecondReading,
  type BillReading,
} from '../../../server/services/checks/billMatch';
import { tokenize } from '../../../server/services/checks/billText';
import { bill, capturedAt, claim, codes, filler, messages, read } from './billTexts';

/**
 * The whole match of a bill's text against the claim: the issuer, the warnings and their words,
 * and two readings of one bill; whole bills first, then each rule at its edges.
 */

describe('the issuer', () => {
  it.each([
    ['IKEJA ELECTRIC PLC', 'Ikeja Electric'],
    ['EKO ELECTRICITY DISTRIBUTION PLC', 'Eko Electricity Distribution'],
    ['EKo ELECTRIC)Ty DISTRIBUTION', 'Eko Electricity Distribution'],
    ['Abuja Electricity Distribution Company', 'Abuja Electricity Distribution'],
    ['IBEDC customer copy', 'Ibadan Electricity Distribution'],
    ['PORT HARCOURT ELECTRICITY DISTRIBUTION PLC', 'Port Harcourt Electricity Distribution'],
    ['KADUNA ELECTRIC', 'Kaduna Electric'],
    ['ABA POWER LIMITED', 'Aba Power'],
    ['LAGOS WASTE MANAGEMENT AUTHORITY (LAWMA)', 'LAWMA'],
    ['MultiChoice DStv invoice', 'DStv'],
  ])('finds %s as %s', (text, name) => {
    expect(findIssuer(tokenize(text))?.name).toBe(name);
  });

  it('finds none in text that names no utility, and marks the span it found', () => {
    expect(findIssuer(tokenize('Customer Name: Adebayo Okonkwo'))).toBeNull();
    const text = 'Copy\nKANO ELECTRICITY DISTRIBUTION PLC';
    const found = findIssuer(tokenize(text))!;
    expect(text.slice(found.mark.start, found.mark.end)).toBe('KANO ELECTRICITY');
  });
});

describe('the whole bill', () => {
  it('marks no issuer it did not find, nor a name or address under its threshold', () => {
    const text = bill({
      issuer: 'CORNER SHOP RECEIPT',
      name: 'Adebayo Chukwu',
      address: '15 Bode Thomas Street, Surulere',
    });
    const m = matchBill(text, claim, capturedAt);
    expect(m.name_score).toBe(0.5);
    expect(m.address_score).toBe(0.5);
    expect(m.marks.map((x) => `${x.field}:${text.slice(x.start, x.end)}`)).toEqual([
      'date:06/10/2026',
    ]);
  });

  it('gives no warning for a matching bill, with issuer, scores, date and marks', () => {
    const text = bill({});
    const m = matchBill(text, claim, capturedAt);
    expect(m).toMatchObject({
      issuer: 'Eko Electricity Distribution',
      name_score: 1,
      address_score: 1,
      bill_date: '2026-10-06',
      warnings: [],
    });
    const marked = m.marks.map((x) => `${x.field}:${text.slice(x.start, x.end)}`);
    expect(marked).toEqual([
      'issuer:EKO ELECTRICITY',
      'name:Adebayo',
      'name:Okonkwo',
      'address:14',
      'address:Bode',
      'address:Thomas',
      'address:Street',
      'address:Surulere',
      'date:06/10/2026',
    ]);
  });

  it('says unreadable, and nothing about name or address, when too little text was read', () => {
    // The last: a plastered wall as OCR read it, letter-shaped words but none a bill prints.
    const wall =
      '3 FUEey YREsny 4 SEEly £83 FEarasrsy $58 SEEisTesses\nrizasd FEESEERe (EEE 5 Fis ' +
      'SHlETaseiisisid / FETREnsdss\nHTH Fras FERENSST FISEEeEes\nfais FERRE Fidased Es';
    for (const text of ['', '~ . , ‘ — |', 'wl ~~ Ee\nA 3 -_', 'IKEJA ELECTRIC', wall]) {
      expect(codes(text)).toEqual(['bill_unreadable']);
      expect(matchBill(text, claim, capturedAt).warnings[0]!.message).toBe(
        'Too little text could be read on the bill to compare it with the claim.',
      );
    }
  });

  it('warns on every mismatch at once', () => {
    const text = bill({
      name: 'Chinedu Eze',
      address: '3 Allen Avenue, Ikeja',
      date: '01/01/2026',
    });
    expect(codes(text)).toEqual(['bill_name_mismatch', 'bill_address_mismatch', 'bill_too_old']);
  });

  it('rounds the scores to two places', () => {
    const m = matchBill(bill({ name: 'Adebayo Okonkwa' }), claim, capturedAt);
    expect(String(m.name_score)).toMatch(/^0\.\d{1,2}$/);
    expect(m.name_score).toBeLessThan(1);
  });
});

describe('two readings of one bill', () => {
  const reading = (text: string) => ({ text, ...matchBill(text, claim, capturedAt) });

  it('wants a second look only on a readable bill that misses the name or the address', () => {
    expect(wantsSecondReading(reading(bill({})))).toBe(false);
    expect(wantsSecondReading(reading(bill({ date: '01/01/2026' })))).toBe(false);
    expect(wantsSecondReading(reading('IKEJA ELECTRIC'))).toBe(false);
    expect(wantsSecondReading(reading(bill({ name: 'Chinedu Eze' })))).toBe(true);
    expect(wantsSecondReading(reading(bill({ address: '3 Allen Avenue, Ikeja' })))).toBe(true);
  });

  it('lets a reading that read nothing give way to the other, whichever came first', () => {
    const good = reading(bill({}));
    const blank = reading('');
    expect(bestOfReadings(good, blank)).toBe(good);
    expect(bestOfReadings(blank, good)).toBe(good);
  });

  it('finds a field when either reading found it, and keeps the other warnings of the one shown', () => {
    const noName = reading(bill({ name: 'P——', date: '01/01/2026' }));
    const noAddress = reading(bill({ address: '4 Bode Thornas St', date: '01/01/2026' }));
    const both = bestOfReadings(noName, noAddress);
    expect(both.warnings.map((w) => w.code)).toEqual(['bill_too_old']);
    expect(both.text).toBe(noName.text);
    const neither = bestOfReadings(noName, reading(bill({ name: 'Chinedu Eze' })));
    expect(neither.warnings.map((w) => w.code)).toEqual(['bill_name_mismatch', 'bill_too_old']);
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
  it('reads the bill-to label and premises with any spacing', () => {
    for (const label of ['Bill to', 'Billto', 'Bill  to'])
      expect(messages(`${label}: Chinedu Eze`, null)[0]!.message, label).toBe(
        'The bill is in the name of Chinedu Eze, not Adebayo Okonkwo.',
      );
    expect(messages('Premises: 3 Allen Avenue').map((w) => w.message)).toContain(
      "The bill's address is 3 Allen Avenue, not 14 Bode Thomas Street.",
    );
  });

  it('marks the bill in reading order, the issuer after the name when printed after it', () => {
    const text = `${filler}\nAdebayo Okonkwo\nIKEDC`;
    const m = matchBill(text, { subjectName: 'Adebayo Okonkwo', address: null }, capturedAt);
    expect(m.marks.map((x) => text.slice(x.start, x.end))).toEqual(['Adebayo', 'Okonkwo', 'IKEDC']);
  });
});

describe('the edges the first run of mutants found', () => {
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

  it('takes a long issuer word with two slips in ten letters', () => {
    expect(findIssuer(tokenize('WASTE MANAGXMXNT AUTHORITY'))?.name).toBe('LAWMA');
  });
});

describe('the edges the full run of mutants found', () => {
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

describe('the thresholds and the words of each warning', () => {
  it('says the name was not found when the bill has no labelled name', () => {
    const text = bill({}).replace('Customer Name: Adebayo Okonkwo', 'Thank you for your patronage');
    expect(matchBill(text, claim, capturedAt).warnings).toContainEqual({
      code: 'bill_name_mismatch',
      message: 'The name Adebayo Okonkwo was not found on the bill.',
    });
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

  it('warns on an old bill with its date and the capture day in words', () => {
    const m = matchBill(bill({ date: '11/02/2026' }), claim, new Date('2026-07-21T15:32:00Z'));
    expect(m.bill_date).toBe('2026-02-11');
    expect(m.warnings).toEqual([
      {
        code: 'bill_too_old',
        message:
          'The bill is dated 11 February 2026, more than 3 months before the capture on 21 July 2026.',
      },
    ]);
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
