import { describe, expect, it } from 'vitest';
import { matchBill } from '../../../server/services/checks/billMatch';
import { linesLabellingName, nameWords, scoreName } from '../../../server/services/checks/billName';
import { tokenize } from '../../../server/services/checks/billText';
import { bill, capturedAt, claim, codes, filler, read } from './billTexts';

/**
 * The subject's name on a bill: whole bills first, then each rule at its edges.
 */

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

  it('scores no claimed name at all 0, and leaves only titles out', () => {
    expect(nameWords('Mr. Dr')).toEqual([]);
    expect(read('Adebayo Okonkwo', 'Mr Dr').name_score).toBe(0);
    expect(nameWords('Highness Ayo')).toEqual(['hlghness', 'ayo']);
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

  it('finds a name on a bill of one line, and marks its first place when printed twice', () => {
    expect(
      matchBill('Adebayo Okonkwo', { subjectName: 'Adebayo Okonkwo', address: null }, capturedAt)
        .name_score,
    ).toBe(1);
    const text = `${filler}\n\nAdebayo Okonkwo\n\n\nAdebayo Okonkwo`;
    const m = matchBill(text, { subjectName: 'Adebayo Okonkwo', address: null }, capturedAt);
    expect(m.marks.map((x) => x.start)).toEqual([text.indexOf('Adebayo'), text.indexOf('Okonkwo')]);
  });
});

describe('the edges the full run of mutants found', () => {
  it('takes the initial rule only where the words do not already match, and only for an initial', () => {
    // A claimed initial read exactly scores 1, not the initial's 0.8.
    expect(read('Adebayo O Okonkwo', 'Adebayo O Okonkwo').name_score).toBe(1);
    // Two full words that share only their first letter are not alike.
    expect(read('Adebayo Oluwaseun', 'Adebayo Okonkwo').name_score).toBe(0.5);
  });

  it('does not let a word split in two reuse a half another claimed word took', () => {
    expect(read('Okonkwo B', 'Okonkwo Okonkw').name_score).toBe(0.5);
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

describe('a window scored against the claimed name', () => {
  it('takes the words in any order, each read word once', () => {
    expect(scoreName(['adebayo', 'okonkwo'], tokenize('OKONKWO Adebayo'), 'name').score).toBe(1);
    expect(scoreName(['adebayo', 'adebayo'], tokenize('Adebayo'), 'name').score).toBe(0.5);
  });

  it('marks the words it found and none for a claimed word it did not find', () => {
    expect(scoreName(['adebayo', 'chukwu'], tokenize('Adebayo Okafor'), 'name')).toEqual({
      score: 0.5,
      marks: [{ start: 0, end: 7, field: 'name' }],
    });
  });
});
