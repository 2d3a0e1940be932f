import { describe, expect, it } from 'vitest';
import {
  addressWords,
  bestOfReadings,
  billDateOf,
  findDates,
  findIssuer,
  foldNumber,
  foldWord,
  matchBill,
  nameWords,
  similarity,
  tokenize,
  tooOld,
  wantsSecondReading,
} from '../../../server/services/checks/billMatch';

const capturedAt = new Date('2026-10-20T10:00:00Z');
const claim = { subjectName: 'Adebayo Okonkwo', address: '14 Bode Thomas Street, Surulere' };

/** A bill as OCR gives it, with the lines given. */
const bill = (lines: Partial<Record<'issuer' | 'name' | 'address' | 'date', string>>) =>
  [
    lines.issuer ?? 'EKO ELECTRICITY DISTRIBUTION PLC',
    'Electricity Bill - Customer Copy',
    `Customer Name: ${lines.name ?? 'Adebayo Okonkwo'}`,
    'Account No: 21/40/23/4487-01',
    'Meter No: 82362041759',
    `Address: ${lines.address ?? '14 Bode Thomas Street, Surulere'}`,
    `Bill Date: ${lines.date ?? '06/10/2026'}`,
    'Due Date: 20/10/2026',
    'Previous Balance N13,943.00',
    'Energy Charge N12,619.00',
    'Total Amount Due N29,557.00',
  ].join('\n');

const codes = (text: string, c = claim, at = capturedAt) =>
  matchBill(text, c, at).warnings.map((w) => w.code);

describe('folding OCR confusions', () => {
  it('reads 0/O, 1/l/I, 5/S and rn/m alike in words', () => {
    expect(foldWord('OKONKW0')).toBe(foldWord('Okonkwo'));
    expect(foldWord('Ibrahirn')).toBe(foldWord('Ibrahim'));
    expect(foldWord('1feoma')).toBe(foldWord('Ifeoma'));
    expect(foldWord('5ule')).toBe(foldWord('Sule'));
    expect(foldWord('Adaeze')).not.toBe(foldWord('Adamu'));
  });

  it('reads the signs OCR puts for letters and digits as those', () => {
    expect(tokenize('Name: £. Balogun').map((t) => t.word)).toEqual(['name', 'f', 'balogun']);
    expect(foldWord('$ULE')).toBe(foldWord('Sule'));
    expect(foldWord('¢HIDI')).toBe(foldWord('Chidi'));
    expect(foldNumber('§9')).toBe('59');
    expect(foldNumber('$4')).toBe('54');
    expect(foldNumber('§9')).not.toBe(foldNumber('69'));
  });

  it('reads letters OCR puts for digits alike in house numbers', () => {
    expect(foldNumber('41B')).toBe(foldNumber('418'));
    expect(foldNumber('1O')).toBe('10');
    expect(foldNumber('l4')).toBe('14');
    expect(foldNumber('14')).not.toBe(foldNumber('15'));
  });

  it('measures similarity from 0 to 1', () => {
    expect(similarity('okonkwo', 'okonkwo')).toBe(1);
    expect(similarity('okonkwo', 'okonkwa')).toBeCloseTo(6 / 7);
    expect(similarity('abc', '')).toBe(0);
    expect(similarity('abc', 'xyz')).toBe(0);
  });

  it('keeps the character spans and lines of the words', () => {
    const t = tokenize('Name: Ada\nEze');
    expect(t.map((x) => [x.raw, x.start, x.end, x.line])).toEqual([
      ['Name', 0, 4, 0],
      ['Ada', 6, 9, 0],
      ['Eze', 10, 13, 1],
    ]);
  });
});

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

describe('the name', () => {
  it('drops titles from the claimed name', () => {
    expect(nameWords('Chief (Mrs) Funke Adeyemi')).toEqual(['funke', 'adeyeml']);
    expect(nameWords('Alhaji Musa Bello')).toEqual(['musa', 'bello']);
  });

  it.each([
    ['as claimed', 'Adebayo Okonkwo'],
    ['upper case', 'ADEBAYO OKONKWO'],
    ['surname first', 'OKONKWO Adebayo'],
    ['surname first with a comma and a title', 'MR OKONKWO, ADEBAYO'],
    ['an initial', 'A. Okonkwo'],
    ['OCR slips', 'Adebay0 0konkw0'],
    ['rn for m', 'Adebayo Okonkwo'],
    ['a misread letter', 'Adebayo Okonkwa'],
  ])('matches the name printed %s', (_, name) => {
    const m = matchBill(bill({ name }), claim, capturedAt);
    expect(m.name_score).toBeGreaterThanOrEqual(0.65);
    expect(m.warnings.map((w) => w.code)).not.toContain('bill_name_mismatch');
  });

  it.each([
    ['another person', 'Chinedu Eze'],
    ['the same surname, another first name', 'Funke Okonkwo'],
    ['another surname', 'Adebayo Balogun'],
  ])('warns when the bill shows %s, naming who is on the bill', (_, name) => {
    const m = matchBill(bill({ name }), claim, capturedAt);
    expect(m.name_score).toBeLessThan(0.65);
    expect(m.warnings).toContainEqual({
      code: 'bill_name_mismatch',
      message: `The bill is in the name of ${name}, not Adebayo Okonkwo.`,
    });
  });

  it('takes an initial OCR read as a sign for the letter it looks like', () => {
    const c = { ...claim, subjectName: 'Folake Balogun' };
    expect(codes(bill({ name: '£. Balogun' }), c)).toEqual([]);
    expect(codes(bill({ name: '£. Balogun' }), { ...c, subjectName: 'Bukola Balogun' })).toEqual([
      'bill_name_mismatch',
    ]);
  });

  it("does not take initials alone for the name: a photo's noise begins any name", () => {
    const c = { ...claim, subjectName: 'Ibrahim Balogun' };
    expect(codes(bill({ name: 'I. B.' }), c)).toEqual(['bill_name_mismatch']);
    // Bill 30 of seed 83000: another person's name, and the photo's clutter read as letters.
    const cluttered = bill({ name: 'MISS LAWAL, CHUKWUD!' }).replace(
      'Account No',
      'B® hh © i | bh\nAccount No',
    );
    expect(matchBill(cluttered, c, capturedAt).name_score).toBe(0);
    expect(codes(bill({ name: 'I. Balogun' }), c)).toEqual([]);
  });

  it('joins a word OCR split in two, on one line only', () => {
    const c = { ...claim, subjectName: 'Chinedu Danjuma' };
    expect(codes(bill({ name: 'CHIEF DANN IMA, CHINE DU' }), c)).toEqual([]);
    const at = bill({}).indexOf('Adebayo') + 'DANJUMA '.length;
    expect(matchBill(bill({ name: 'DANJUMA CHINE DU' }), c, capturedAt).marks).toContainEqual({
      start: at,
      end: at + 'CHINE DU'.length,
      field: 'name',
    });
    expect(codes(bill({ name: 'DANJUMA CHI NEDU' }), c)).toEqual([]);
    // Neither half alone is the name; across a line or a comma the two words are not one.
    expect(codes(bill({ name: 'DANJUMA CHI\nNEDU' }), c)).toEqual(['bill_name_mismatch']);
    expect(codes(bill({ name: 'DANJUMA CHI, NEDU' }), c)).toEqual(['bill_name_mismatch']);
  });

  it('says the name was not found when the bill has no labelled name', () => {
    const text = bill({}).replace('Customer Name: Adebayo Okonkwo', 'Thank you for your patronage');
    expect(matchBill(text, claim, capturedAt).warnings).toContainEqual({
      code: 'bill_name_mismatch',
      message: 'The name Adebayo Okonkwo was not found on the bill.',
    });
  });

  it('cuts the other column and amounts out of the name it reports', () => {
    const text = bill({ name: 'D. Belk [ELECTRICITY BILL' });
    const w = matchBill(text, claim, capturedAt).warnings.find(
      (x) => x.code === 'bill_name_mismatch',
    );
    expect(w?.message).toBe('The bill is in the name of D. Belk, not Adebayo Okonkwo.');
  });

  it('marks the matched words of the name', () => {
    const text = bill({ name: 'MR OKONKWO, ADEBAYO' });
    const marks = matchBill(text, claim, capturedAt).marks.filter((m) => m.field === 'name');
    expect(marks.map((m) => text.slice(m.start, m.end)).sort()).toEqual(['ADEBAYO', 'OKONKWO']);
  });
});

describe('the address', () => {
  it('folds abbreviations and leaves out "No."', () => {
    expect(addressWords('No. 14 Bode Thomas St., Surulere')).toEqual(
      addressWords('14 Bode Thomas Street, Surulere'),
    );
    expect(addressWords('3 Awolowo Rd').map((w) => w.text)).toEqual(['3', 'awolowo', 'rd']);
    expect(addressWords('5 Chime Close')[0]).toEqual({ text: '5', number: true });
  });

  it('leaves out "State" and "Nigeria" as written, and keeps "Estate"', () => {
    expect(addressWords('12 Allen Avenue, Ikeja, Lagos State, Nigeria')).toEqual(
      addressWords('12 Allen Avenue, Ikeja, Lagos'),
    );
    // Folded as OCR's slips are (i and l alike).
    expect(addressWords('4 Unity Close, Ikota Estate').map((w) => w.text)).toEqual([
      '4',
      'unlty',
      'cl',
      'lkota',
      'est',
    ]);
  });

  it.each([
    ['as claimed', '14 Bode Thomas Street, Surulere'],
    ['abbreviated', '14 Bode Thomas St, Surulere'],
    ['with No.', 'No. 14 Bode Thomas St., Surulere'],
    ['upper case', '14 BODE THOMAS STREET, SURULERE'],
    ['with OCR slips', 'l4 Bode Thornas Streer, Suru1ere'],
    ['over two lines', '14 Bode Thomas\nStreet, Surulere'],
  ])('matches the address printed %s', (_, address) => {
    const m = matchBill(bill({ address }), claim, capturedAt);
    expect(m.address_score).toBeGreaterThanOrEqual(0.7);
    expect(m.warnings.map((w) => w.code)).not.toContain('bill_address_mismatch');
  });

  it('matches the other abbreviations both ways', () => {
    const pairs: [string, string][] = [
      ['7 Aminu Kano Crescent, Wuse', '7 Aminu Kano Cres, Wuse'],
      ['12 Chime Close, Enugu', '12 Chime Cl, Enugu'],
      ['3 Allen Ave, Ikeja', '3 Allen Avenue, Ikeja'],
      ['9 Ogunlana Drive', '9 Ogunlana Dr'],
      ['22B Opebi Road, Ikeja', '22B Opebi Rd, Ikeja'],
    ];
    for (const [claimed, printed] of pairs)
      expect(
        codes(bill({ address: printed }), { ...claim, address: claimed }),
        `${claimed} / ${printed}`,
      ).not.toContain('bill_address_mismatch');
  });

  it('reads a house number whose digit OCR read as a sign', () => {
    expect(codes(bill({ address: '§4 BODE THOMAS ST, SURULERE' }), claim)).toEqual([
      'bill_address_mismatch',
    ]);
    const c = { ...claim, address: '54 Bode Thomas Street, Surulere' };
    expect(codes(bill({ address: '§4 BODE THOMAS ST, SURULERE' }), c)).toEqual([]);
  });

  it('reads a house number with a letter as OCR misreads it', () => {
    const c = { ...claim, address: '41B Ehi Road, Aba North' };
    expect(codes(bill({ address: '418 Eni Rd, Aba North' }), c)).not.toContain(
      'bill_address_mismatch',
    );
  });

  it.each([
    ['another house number', '15 Bode Thomas Street, Surulere'],
    ['another street', '14 Allen Avenue, Ikeja'],
    ['another street with the same number', '14 Adeniran Ogunsanya Street, Surulere'],
  ])('warns on %s', (_, address) => {
    const m = matchBill(bill({ address }), claim, capturedAt);
    expect(m.address_score).toBeLessThan(0.7);
    expect(m.warnings).toContainEqual({
      code: 'bill_address_mismatch',
      message: `The bill's address is ${address}, not 14 Bode Thomas Street, Surulere.`,
    });
  });

  it('does not take the number of an amount or account for the house number', () => {
    const text = bill({ address: 'Bode Thomas Street, Surulere' }).replace(
      'Meter No: 82362041759',
      'Meter No: 14',
    );
    expect(matchBill(text, claim, capturedAt).address_score).toBeLessThanOrEqual(0.5);
  });

  it("does not let a short form read on another line bring that line's numbers in", () => {
    // Bill 41 of the neighbours' seed 97000: "Tariff: c1" read as Cl(ose) on the account line,
    // whose "29-01" then stood for the house number; the address line says 30.
    const c = { ...claim, address: '29 Alapere Close, Kosofe' };
    const neighbour = [
      'LAWMA',
      'Customer Name: Adebayo Okonkwo',
      'Account No: 24/39/1651 29-01 Tariff: c1',
      'Address: NO. 30 ALAPERE',
      'KOSOFE',
    ].join('\n');
    expect(codes(neighbour, c)).toEqual(['bill_address_mismatch']);
    expect(codes(neighbour.replace('NO. 30', 'NO. 29'), c)).toEqual([]);
    // A street with no word of four letters: its short forms still place the number.
    expect(
      codes(bill({ address: '5 Oba Rd, Ado' }), { ...claim, address: '5 Oba Road, Ado' }),
    ).toEqual([]);
  });

  it('takes a line of two short address words for the address line: "NO. 14 OJO RD" above "KOSOFE"', () => {
    const c = { ...claim, address: '14 Ojo Road, Kosofe' };
    const wrapped = (number: string) =>
      ['LAWMA', 'Customer Name: Adebayo Okonkwo', `Address: NO. ${number} OJO RD`, 'KOSOFE'].join(
        '\n',
      );
    expect(codes(wrapped('14'), c)).toEqual([]);
    expect(codes(wrapped('15'), c)).toEqual(['bill_address_mismatch']);
    // A three-letter word alone on the account line is no more a sign than "c1" was.
    const neighbour = [
      'LAWMA',
      'Customer Name: Adebayo Okonkwo',
      'Account No: 24/39/1651 14-01 Feeder: OJO',
      'Address: NO. 15 OJO RD',
      'KOSOFE',
    ].join('\n');
    expect(codes(neighbour, c)).toEqual(['bill_address_mismatch']);
  });

  it('takes no word without a digit for the house number: a table\'s "|" is not No. 1', () => {
    // Bill 35 of seed 99000: another street's bill passed at 0.75 on the amount column's rule.
    const c = { ...claim, address: '1 Sapele Road, Oredo' };
    const text = (address: string) =>
      [
        'BENIN ELECTRICITY DISTRIBUTION COMPANY BEDC',
        'Customer Name: Adebayo Okonkwo',
        `Address: ${address}, OREDO | N16,576.00`,
      ].join('\n');
    expect(codes(text('44 FAULKS ROAD'), c)).toEqual(['bill_address_mismatch']);
    expect(codes(text('1 SAPELE ROAD'), c)).toEqual([]);
    // A slip inside a number is still forgiven: "2O" is 20.
    expect(codes(text('2O SAPELE ROAD'), { ...c, address: '20 Sapele Road, Oredo' })).toEqual([]);
  });

  it('parts the claimed house number OCR glued to the street: "88AGaladima"', () => {
    // Bill 11 of seed 103000: the closer look read the address line as "88AGaladima Aminu Way".
    const c = { ...claim, address: '88A Galadima Aminu Way, Yola North' };
    const text = (address: string) =>
      [
        'YOLA ELECTRICITY DISTRIBUTION COMPANY YEDC',
        'Customer Name: Adebayo Okonkwo',
        `Address: ${address}, | N20,125.00`,
        'Yola North',
      ].join('\n');
    const glued = text('88AGaladima Aminu Way');
    const m = matchBill(glued, c, capturedAt);
    expect(m.warnings).toEqual([]);
    const marked = m.marks.filter((x) => x.field === 'address');
    expect(marked.map((x) => glued.slice(x.start, x.end))).toEqual([
      '88A',
      'Galadima',
      'Aminu',
      'Way',
      'Yola',
      'North',
    ]);
    // Another number glued there is still another number, read from its first letter or not.
    expect(codes(text('89AGaladima Aminu Way'), c)).toEqual(['bill_address_mismatch']);
    expect(codes(glued, { ...c, address: '8 Galadima Aminu Way, Yola North' })).toEqual([
      'bill_address_mismatch',
    ]);
    // Three letters are a word: "77AAsa" is 77A Asa.
    const asa = { ...claim, address: '77A Asa Road, Ilorin' };
    expect(codes(text('77AAsa Road, Ilorin'), asa)).toEqual([]);
  });

  it('does not part an ordinal: "2nd" on the line is not house number 2', () => {
    const c = { ...claim, address: '2 Sapele Road, Oredo' };
    const text = ['Customer Name: Adebayo Okonkwo', 'Address: 9 SAPELE ROAD, 2nd FLOOR, OREDO'];
    expect(codes(text.join('\n'), c)).toEqual(['bill_address_mismatch']);
  });

  it('gives no address warning for a job that claims no address', () => {
    const m = matchBill(bill({}), { ...claim, address: null }, capturedAt);
    expect(m.address_score).toBe(0);
    expect(m.warnings).toEqual([]);
  });
});

describe("the bill's date", () => {
  it.each([
    ['12/03/2026', '2026-03-12'],
    ['12-03-2026', '2026-03-12'],
    ['12.03.26', '2026-03-12'],
    ['2026-03-12', '2026-03-12'],
    ['12-Mar-2026', '2026-03-12'],
    ['12 March 2026', '2026-03-12'],
    ['12th March, 2026', '2026-03-12'],
    ['March 12, 2026', '2026-03-12'],
    ['March 2026', '2026-03-01'],
    ['MAR 2026', '2026-03-01'],
    ['l2/O3/2O26', '2026-03-12'],
  ])('reads %s as %s', (written, date) => {
    expect(findDates(`Bill Date: ${written}`).map((d) => d.date)).toEqual([date]);
  });

  it('refuses dates that do not exist and words that only look like months', () => {
    expect(findDates('31/02/2026 and 13/13/2026')).toEqual([]);
    expect(findDates('Market 2026, Mayor 2025')).toEqual([]);
  });

  it('reads eight digits as a date after a date label only (OCR dropped the slashes)', () => {
    const dates = (text: string) => findDates(text).map((d) => d.date);
    // Bill 43 of seed 71000 and bill 21 of the neighbours' seed 63000, as they were read.
    expect(dates('Bill Date: 28092025\nDue Date: 121012025')).toEqual(['2025-09-28']);
    expect(dates('Bill Date: 27042026')).toEqual(['2026-04-27']);
    expect(dates('Due Date - 24052026')).toEqual(['2026-05-24']);
    // A number that is not labelled as a date, or a date that does not exist, is no date.
    expect(dates('Account No: 28092025\nMeter No 12052026')).toEqual([]);
    expect(dates('Bill Date:\n28092025')).toEqual([]);
    expect(dates('Bill Date: 31022026')).toEqual([]);
    expect(billDateOf('Bill Date: 28092025', capturedAt)).toMatchObject({
      date: '2025-09-28',
      monthOnly: false,
    });
    // The label ends where the number begins, not anywhere before it on the line.
    expect(dates('Date of issue unknown, ref 28092025')).toEqual([]);
  });

  it('takes the labelled bill date over the due date and payment dates', () => {
    const text = 'Last payment: 02/08/2026\nBill Date: 06/09/2026\nDue Date: 20/09/2026';
    expect(billDateOf(text, capturedAt)?.date).toBe('2026-09-06');
  });

  it('takes the billing period when that is what the bill gives', () => {
    expect(billDateOf('Billing Period: July 2026\nDue Date: 25/07/2026', capturedAt)).toMatchObject(
      { date: '2026-07-01', monthOnly: true },
    );
  });

  it('without labels, takes the latest date not after the capture', () => {
    expect(billDateOf('01/08/2026 05/09/2026 01/06/2030', capturedAt)?.date).toBe('2026-09-05');
    expect(billDateOf('no date here', capturedAt)).toBeNull();
  });

  it('is too old more than three months before the capture, counting a month to its end', () => {
    const at = new Date('2026-07-15T10:00:00Z');
    const day = (date: string) => ({ date, monthOnly: false, start: 0, end: 0 });
    expect(tooOld(day('2026-04-14'), at)).toBe(true);
    expect(tooOld(day('2026-04-16'), at)).toBe(false);
    expect(tooOld({ ...day('2026-04-01'), monthOnly: true }, at)).toBe(false);
    expect(tooOld({ ...day('2026-03-01'), monthOnly: true }, at)).toBe(true);
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
});

describe('the whole bill', () => {
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
