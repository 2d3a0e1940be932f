import { describe, expect, it } from 'vitest';
import {
  addressWords,
  linesNamingStreet,
  scoreAddress,
  withNumbersParted,
} from '../../../server/services/checks/billAddress';
import { matchBill } from '../../../server/services/checks/billMatch';
import { tokenize } from '../../../server/services/checks/billText';
import { bill, capturedAt, claim, codes, read } from './billTexts';

/**
 * The claimed address on a bill: whole bills first, then each rule at its edges.
 */

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
    // The street may hold OCR's digits for letters: "14OJ0" is 14 Ojo.
    expect(codes(text('14OJ0 RD, Kosofe'), { ...claim, address: '14 Ojo Road, Kosofe' })).toEqual(
      [],
    );
  });

  it('does not part an ordinal: "2nd" on the line is not house number 2', () => {
    const c = { ...claim, address: '2 Sapele Road, Oredo' };
    const text = ['Customer Name: Adebayo Okonkwo', 'Address: 9 SAPELE ROAD, 2nd FLOOR, OREDO'];
    expect(codes(text.join('\n'), c)).toEqual(['bill_address_mismatch']);
    expect(codes(text.join('\n').replace('2nd', '21st'), c)).toEqual(['bill_address_mismatch']);
  });

  it('gives no address warning for a job that claims no address', () => {
    const m = matchBill(bill({}), { ...claim, address: null }, capturedAt);
    expect(m.address_score).toBe(0);
    expect(m.warnings).toEqual([]);
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

describe('the edges the first run of mutants found', () => {
  it('shortens only words of five letters or more, and only to the long forms', () => {
    expect(addressWords('Roads Lanes 14no').map((w) => w.text)).toEqual(['roads', 'lanes', '14n0']);
  });

  it('uses each word of the bill once for the address too', () => {
    expect(read('Address: Bode Street', 'Zz', 'Bode Bode Street').address_score).toBe(0.67);
  });
});

describe('the edges the full run of mutants found', () => {
  it('takes "No" stuck to the front of a house number only', () => {
    expect(read('1no4 Bode Thomas Street', 'Zz', '14 Bode Thomas Street').address_score).toBe(0.5);
    expect(read('No14 Bode Thomas Street', 'Zz', '14 Bode Thomas Street').address_score).toBe(1);
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

describe('a window scored against the claimed address', () => {
  it('scores the words found, held to 0.5 when the house number is not among them', () => {
    const claimed = addressWords('14 Bode Thomas Street');
    expect(scoreAddress(claimed, tokenize('14 BODE THOMAS ST')).score).toBe(1);
    expect(scoreAddress(claimed, tokenize('15 BODE THOMAS ST')).score).toBe(0.5);
  });

  it('parts the claimed number from the street it is glued to, keeping spans and line', () => {
    const parted = withNumbersParted(
      tokenize('Acct 88A\n88AGaladima 2nd'),
      addressWords('88A Way'),
    );
    expect(parted.map((t) => [t.raw, t.word, t.start, t.end, t.line])).toEqual([
      ['Acct', 'acct', 0, 4, 0],
      ['88A', 'bba', 5, 8, 0],
      ['88A', 'bba', 9, 12, 1],
      ['Galadima', 'galadlma', 12, 20, 1],
      ['2nd', '2nd', 21, 24, 1],
    ]);
  });
});
