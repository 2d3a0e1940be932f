import { describe, expect, it } from 'vitest';
import {
  defaultOcrTimeoutMs,
  defaultPreparation,
  defaultSecondPreparation,
  readBill,
  skippedLines,
  type BillOcr,
  type BillPreparation,
  type BillReadingPlan,
} from '../../../server/services/checks/bill';

// The second look without OCR: a fake reader answers each preparation with the text given.
const capturedAt = new Date('2026-03-02T15:49:00Z');
const claim = {
  subjectName: 'Funmilayo Balogun',
  address: '29B Maiduguri Road, Nassarawa',
  stateAlias: 'kano',
  lga: 'Nassarawa',
};

const bill = (name: string, address: string, date = '06-Feb-2026') =>
  [
    'KANO ELECTRICITY DISTRIBUTION PLC',
    'Electricity Bill - Customer Copy',
    `Customer Name: ${name}`,
    'Account No: 45/76/71/3475-01',
    'Meter No: 35069887406',
    `Address: ${address}`,
    `Bill Date: ${date}`,
    'Due Date: 20/02/2026',
    'Previous Balance N17,621.00',
    'AMOUNT PAYABLE N27,377.00',
  ].join('\n');

const right = bill('FUNMILAYO BALOGUN', '29B MAIDUGURI RD, NASSARAWA');

interface Call {
  how: BillPreparation;
  timeoutMs: number;
  /** The lines a closer look read, by their text on the page. */
  lines?: string[];
}

/**
 * Answers `texts[how]` (null: the reading ran out of time) after `delayMs[how]`, each line of it
 * a line of the page; a closer look at a line answers `closer[line]` (the line itself without).
 */
function fakeOcr(
  texts: Partial<Record<BillPreparation, string | null>>,
  delayMs: Partial<Record<BillPreparation, number>> = {},
  closer: Record<string, string | null> = {},
) {
  const calls: Call[] = [];
  const ocr: BillOcr = {
    async page(_jpeg, how, timeoutMs) {
      calls.push({ how, timeoutMs });
      const delay = delayMs[how];
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const text = texts[how];
      if (text === undefined) throw new Error(`no text for ${how}`);
      if (text === null) return null;
      const baseline = { x0: 0, y0: 0, x1: 100, y1: 0 };
      return {
        text,
        lines: text.split('\n').map((l) => ({ text: l, baseline, height: 20, descent: 5 })),
      };
    },
    async lines(_jpeg, how, lines, timeoutMs) {
      calls.push({ how, timeoutMs, lines: lines.map((l) => l.text) });
      const read = lines.map((l) => (l.text in closer ? closer[l.text] : l.text));
      return read.some((t) => t === null) ? null : (read as string[]);
    },
  };
  return { ocr, calls };
}

const plan: BillReadingPlan = {
  preparation: defaultPreparation,
  secondPreparation: defaultSecondPreparation,
  ocrTimeoutMs: defaultOcrTimeoutMs,
  // The second look alone; the closer look after it has tests of its own below.
  closeLook: false,
};
const read = (ocr: BillOcr, p: Partial<BillReadingPlan> = {}) =>
  readBill(new Uint8Array([0xff, 0xd8]), claim, capturedAt, { ...plan, ...p }, ocr);
const codes = (r: Awaited<ReturnType<typeof read>>) => r.warnings.map((w) => w.code);

describe('the second look at a bill', () => {
  it('is not taken when the first reading finds the name and the address', async () => {
    const { ocr, calls } = fakeOcr({ [defaultPreparation]: right });
    const r = await read(ocr);
    expect(codes(r)).toEqual([]);
    expect(calls.map((c) => c.how)).toEqual([defaultPreparation]);
    expect(calls[0]!.timeoutMs).toBe(defaultOcrTimeoutMs);
  });

  it('is not taken on a bill too little of which could be read, nor on one only too old', async () => {
    const blank = fakeOcr({ [defaultPreparation]: 'wl ~~ Ee\nA 3 -_' });
    expect(codes(await read(blank.ocr))).toEqual(['bill_unreadable']);
    expect(blank.calls).toHaveLength(1);
    const old = fakeOcr({
      [defaultPreparation]: bill('FUNMILAYO BALOGUN', '29B MAIDUGURI RD', '06-Jun-2025'),
    });
    expect(codes(await read(old.ocr))).toEqual(['bill_too_old']);
    expect(old.calls).toHaveLength(1);
  });

  it('accepts the house number the second reading finds where the first misread it', async () => {
    const { ocr, calls } = fakeOcr({
      [defaultPreparation]: bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD, NASSARAWA'),
      [defaultSecondPreparation]: right,
    });
    const r = await read(ocr);
    expect(calls.map((c) => c.how)).toEqual([defaultPreparation, defaultSecondPreparation]);
    expect(codes(r)).toEqual([]);
    // What is shown is the reading that found it, its marks in that text.
    expect(r.check.text).toBe(right);
    expect(r.check.address_score).toBe(1);
    const marked = r.check.marks.map((m) => `${m.field}:${r.check.text.slice(m.start, m.end)}`);
    expect(marked).toContain('address:29B');
  });

  it('still warns when the second reading finds another house number too', async () => {
    const { ocr, calls } = fakeOcr({
      [defaultPreparation]: bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD, NASSARAWA'),
      [defaultSecondPreparation]: bill('FUNMILAYO BALOGUN', '28B MAIDUGURI RD, NASSARAWA'),
    });
    const r = await read(ocr);
    expect(calls).toHaveLength(2);
    expect(codes(r)).toEqual(['bill_address_mismatch']);
    expect(r.check.address_score).toBeLessThan(0.7);
  });

  it('still warns, naming who is on it, when the second reading finds another name too', async () => {
    const other = bill('CHIEF AKINOLA, ABDULLAHI', '29B MAIDUGURI RD, NASSARAWA');
    const { ocr } = fakeOcr({ [defaultPreparation]: other, [defaultSecondPreparation]: other });
    const r = await read(ocr);
    expect(r.warnings).toEqual([
      {
        code: 'bill_name_mismatch',
        message: 'The bill is in the name of CHIEF AKINOLA, ABDULLAHI, not Funmilayo Balogun.',
      },
    ]);
  });

  it('takes the name from one reading and the address from the other', async () => {
    const first = bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD, NASSARAWA');
    const { ocr } = fakeOcr({
      [defaultPreparation]: first,
      [defaultSecondPreparation]: bill('P——', '29B MAIDUGURI RD, NASSARAWA'),
    });
    const r = await read(ocr);
    expect(codes(r)).toEqual([]);
    // Each found as much: the first is shown, with the better score of each field.
    expect(r.check.text).toBe(first);
    expect([r.check.name_score, r.check.address_score]).toEqual([1, 1]);
  });

  it('keeps the first reading when the second runs out of time or reads nothing', async () => {
    const first = bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD, NASSARAWA');
    for (const second of [null, '']) {
      const { ocr } = fakeOcr({ [defaultPreparation]: first, [defaultSecondPreparation]: second });
      const r = await read(ocr);
      expect(codes(r)).toEqual(['bill_address_mismatch']);
      expect(r.check.text).toBe(first);
    }
  });

  it('gives the second reading only the time the first left, and none if less than it took', async () => {
    const texts = {
      [defaultPreparation]: bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD'),
      [defaultSecondPreparation]: right,
    };
    const roomy = fakeOcr(texts, { [defaultPreparation]: 30 });
    expect(codes(await read(roomy.ocr, { ocrTimeoutMs: 1_000 }))).toEqual([]);
    expect(roomy.calls[1]!.timeoutMs).toBeLessThanOrEqual(1_000 - 30);
    expect(roomy.calls[1]!.timeoutMs).toBeGreaterThan(500);

    const tight = fakeOcr(texts, { [defaultPreparation]: 60 });
    expect(codes(await read(tight.ocr, { ocrTimeoutMs: 100 }))).toEqual(['bill_address_mismatch']);
    expect(tight.calls.map((c) => c.how)).toEqual([defaultPreparation]);
  });

  it('is never taken when the plan has none', async () => {
    const { ocr, calls } = fakeOcr({
      [defaultPreparation]: bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD'),
    });
    expect(codes(await read(ocr, { secondPreparation: null }))).toEqual(['bill_address_mismatch']);
    expect(calls).toHaveLength(1);
  });

  it('counts both readings in the time the check took, and tells of each reading', async () => {
    const seen: BillPreparation[] = [];
    const { ocr } = fakeOcr(
      {
        [defaultPreparation]: bill('FUNMILAYO BALOGUN', '208 MAIDUGURL RD'),
        [defaultSecondPreparation]: right,
      },
      { [defaultPreparation]: 20, [defaultSecondPreparation]: 20 },
    );
    const r = await read(ocr, { onReading: (how) => seen.push(how) });
    expect(seen).toEqual([defaultPreparation, defaultSecondPreparation]);
    expect(r.check.ms).toBeGreaterThanOrEqual(38);
  });
});

describe('the closer look at the address lines', () => {
  // Both readings misread the house number on the page; the line alone reads it right.
  const misread = bill('FUNMILAYO BALOGUN', '28B MAIDUGURI RD, NASSARAWA');
  const addressLine = 'Address: 28B MAIDUGURI RD, NASSARAWA';
  const texts = { [defaultPreparation]: misread, [defaultSecondPreparation]: misread };
  const closer = (p: Partial<BillReadingPlan> = {}) => ({ closeLook: true, ...p });

  it('reads again the lines naming the street, and accepts the number read right there', async () => {
    const { ocr, calls } = fakeOcr(
      texts,
      {},
      { [addressLine]: 'Address: 29B MAIDUGURI RD, NASSARAWA' },
    );
    const r = await read(ocr, closer());
    expect(codes(r)).toEqual([]);
    expect(r.check.address_score).toBe(1);
    expect(calls.map((c) => c.lines ?? c.how)).toEqual([
      defaultPreparation,
      defaultSecondPreparation,
      [addressLine],
    ]);
    // The lines read again are shown after the page, the number marked where it was read.
    expect(r.check.text).toBe(`${misread}\n\nAddress: 29B MAIDUGURI RD, NASSARAWA`);
    const marked = r.check.marks.map((m) => `${m.field}:${r.check.text.slice(m.start, m.end)}`);
    expect(marked).toContain('address:29B');
  });

  it('looks at the lines of the reading shown, in the preparation that read them', async () => {
    const { ocr, calls } = fakeOcr(
      {
        [defaultPreparation]: bill('P——', '28B MAIDUGURI RD'),
        [defaultSecondPreparation]: misread,
      },
      {},
      { [addressLine]: 'Address: 29B MAIDUGURI RD, NASSARAWA' },
    );
    expect(codes(await read(ocr, closer()))).toEqual([]);
    expect(calls.at(-1)).toMatchObject({ how: defaultSecondPreparation, lines: [addressLine] });
  });

  it('still warns when the line read alone shows another number too', async () => {
    const { ocr, calls } = fakeOcr(
      texts,
      {},
      { [addressLine]: 'Address: 26B MAIDUGURI RD, NASSARAWA' },
    );
    const r = await read(ocr, closer());
    expect(codes(r)).toEqual(['bill_address_mismatch']);
    expect(calls).toHaveLength(3);
    // Shown all the same: the reviewer sees which number the line holds.
    expect(r.check.text).toBe(`${misread}\n\nAddress: 26B MAIDUGURI RD, NASSARAWA`);
  });

  it('is not taken when the address was found, when the plan has none, or for a job with no address', async () => {
    const found = fakeOcr({ [defaultPreparation]: right });
    await read(found.ocr, closer());
    expect(found.calls).toHaveLength(1);
    const none = fakeOcr(texts, {}, { [addressLine]: 'Address: 29B MAIDUGURI RD, NASSARAWA' });
    expect(codes(await read(none.ocr, { closeLook: false }))).toEqual(['bill_address_mismatch']);
    expect(none.calls.some((c) => c.lines)).toBe(false);
    const noAddress = fakeOcr({ [defaultPreparation]: right });
    const r = await readBill(
      new Uint8Array([0xff, 0xd8]),
      { ...claim, address: null },
      capturedAt,
      { ...plan, closeLook: true },
      noAddress.ocr,
    );
    expect(r.warnings).toEqual([]);
    expect(noAddress.calls).toHaveLength(1);
  });

  it('reads no line when none names the street, and keeps the result when the lines run out of time', async () => {
    const elsewhere = bill('FUNMILAYO BALOGUN', '14 ADEOLA ODEKU ST');
    const nowhere = fakeOcr({
      [defaultPreparation]: elsewhere,
      [defaultSecondPreparation]: elsewhere,
    });
    expect(codes(await read(nowhere.ocr, closer()))).toEqual(['bill_address_mismatch']);
    expect(nowhere.calls.some((c) => c.lines)).toBe(false);
    const late = fakeOcr(texts, {}, { [addressLine]: null });
    const r = await read(late.ocr, closer());
    expect(codes(r)).toEqual(['bill_address_mismatch']);
    expect(r.check.text).toBe(misread);
  });

  it('gives the lines only the time the readings left, and none when they used it all', async () => {
    const slow = fakeOcr(
      texts,
      { [defaultPreparation]: 30, [defaultSecondPreparation]: 30 },
      { [addressLine]: 'Address: 29B MAIDUGURI RD, NASSARAWA' },
    );
    expect(codes(await read(slow.ocr, closer({ ocrTimeoutMs: 1_000 })))).toEqual([]);
    expect(slow.calls.at(-1)!.timeoutMs).toBeLessThanOrEqual(1_000 - 60);
    // One reading (no second look to skip under load) that outlasts the cap.
    const spent = fakeOcr(
      texts,
      { [defaultPreparation]: 120 },
      { [addressLine]: 'Address: 29B MAIDUGURI RD, NASSARAWA' },
    );
    expect(
      codes(await read(spent.ocr, closer({ ocrTimeoutMs: 100, secondPreparation: null }))),
    ).toEqual(['bill_address_mismatch']);
    expect(spent.calls.some((c) => c.lines)).toBe(false);
  });
});

describe('the closer look at the name line', () => {
  // Both readings lose the blurred name; the line alone reads it.
  const blurred = bill('FUNM1 a', '29B MAIDUGURI RD, NASSARAWA');
  const nameLine = 'Customer Name: FUNM1 a';
  const texts = { [defaultPreparation]: blurred, [defaultSecondPreparation]: blurred };

  it('reads the line labelled as the name again, and accepts the name read there', async () => {
    const { ocr, calls } = fakeOcr(texts, {}, { [nameLine]: 'Customer Name: FUNMILAYO BALOGUN' });
    const r = await read(ocr, { closeLook: true });
    expect(codes(r)).toEqual([]);
    expect(r.check.name_score).toBe(1);
    expect(calls.at(-1)).toMatchObject({ how: defaultPreparation, lines: [nameLine] });
    expect(r.check.text).toBe(`${blurred}\n\nCustomer Name: FUNMILAYO BALOGUN`);
  });

  it("still warns when the line read alone holds another person's name", async () => {
    const { ocr } = fakeOcr(texts, {}, { [nameLine]: 'Customer Name: CHIDI OKAFOR' });
    const r = await read(ocr, { closeLook: true });
    expect(codes(r)).toEqual(['bill_name_mismatch']);
    expect(r.check.text).toBe(`${blurred}\n\nCustomer Name: CHIDI OKAFOR`);
  });

  it('reads the address lines and the name line in one look when both are missed', async () => {
    const both = bill('FUNM1 a', '28B MAIDUGURI RD, NASSARAWA');
    const addressLine = 'Address: 28B MAIDUGURI RD, NASSARAWA';
    const { ocr, calls } = fakeOcr(
      { [defaultPreparation]: both, [defaultSecondPreparation]: both },
      {},
      {
        [nameLine]: 'Customer Name: FUNMILAYO BALOGUN',
        [addressLine]: 'Address: 29B MAIDUGURI RD, NASSARAWA',
      },
    );
    expect(codes(await read(ocr, { closeLook: true }))).toEqual([]);
    expect(calls.filter((c) => c.lines).map((c) => c.lines)).toEqual([[addressLine, nameLine]]);
  });

  it('is not taken for the name when only the address is missed', async () => {
    const misread = bill('FUNMILAYO BALOGUN', '28B MAIDUGURI RD, NASSARAWA');
    const { ocr, calls } = fakeOcr(
      { [defaultPreparation]: misread, [defaultSecondPreparation]: misread },
      {},
    );
    await read(ocr, { closeLook: true });
    expect(calls.at(-1)!.lines).toEqual(['Address: 28B MAIDUGURI RD, NASSARAWA']);
  });
});

describe('the lines a reading skipped', () => {
  // Lines 40 px apart, the third dropped by the OCR (a gap of 80), tilted 1 in 100.
  const at = (y: number, x0 = 10, x1 = 410) => ({
    text: `line at ${y}`,
    baseline: { x0, y0: y, x1, y1: y + (x1 - x0) / 100 },
    height: 20,
    descent: 5,
  });
  const page = [at(40), at(80), at(160), at(200), at(240), at(300)];

  it('puts one a pitch above the line below a gap of two pitches, as tilted, as wide as the wider', () => {
    expect(skippedLines(page)).toEqual([
      { ...at(160), text: '', baseline: { x0: 10, y0: 120, x1: 410, y1: 124 } },
    ]);
    // A short line above a long one: the wider of the two.
    expect(skippedLines([at(0), at(40), at(120, 10, 200), at(160), at(200)])).toEqual([
      { ...at(0), text: '', baseline: { x0: 10, y0: 80, x1: 410, y1: expect.closeTo(84, 6) } },
    ]);
  });

  it('measures the gap where the line below begins, and finds none in a step of 1.5 pitches', () => {
    // The line above starts to the right, tilted: drawn on to x=10 it stands at 78, 42 above.
    const tilted = [at(0), at(40), { ...at(80, 210, 410) }, at(120), at(160)];
    expect(skippedLines(tilted)).toEqual([]);
    expect(skippedLines([at(0), at(40), at(80), at(140), at(180)])).toEqual([]);
  });

  it('gives at most `max`, from the top, and none on a page of one line or with no pitch', () => {
    const two = [at(0), at(40), at(120), at(160), at(240), at(280)];
    expect(skippedLines(two).map((l) => l.baseline.y0)).toEqual([80]);
    expect(skippedLines(two, 2).map((l) => l.baseline.y0)).toEqual([80, 200]);
    expect(skippedLines([at(40)])).toEqual([]);
    expect(skippedLines([at(0), at(0), at(0)])).toEqual([]);
  });

  it('is read for a missed name no line is labelled as, and the name read there accepted', async () => {
    const lines = right.split('\n');
    const dropped = lines.filter((l) => !l.startsWith('Customer Name'));
    const ocr: BillOcr & { read: string[][] } = {
      read: [],
      async page() {
        return {
          text: dropped.join('\n'),
          // The name line, third, left out: a gap of two pitches after the second line.
          lines: dropped.map((text, i) => ({ ...at(40 * (i < 2 ? i : i + 1)), text })),
        };
      },
      async lines(_jpeg, _how, asked) {
        ocr.read.push(asked.map((l) => `${l.text}@${l.baseline.y0}`));
        return asked.map((l) => (l.text ? l.text : 'Customer Name: FUNMILAYO BALOGUN'));
      },
    };
    const r = await read(ocr, { closeLook: true });
    expect(codes(r)).toEqual([]);
    expect(ocr.read).toEqual([['@80']]);
    expect(r.check.text).toBe(`${dropped.join('\n')}\n\nCustomer Name: FUNMILAYO BALOGUN`);
  });

  it('is not read when a line is labelled as the name, nor when only the address is missed', async () => {
    const ocrOf = (text: string, read: string[][]): BillOcr => ({
      async page() {
        const lines = text.split('\n');
        return { text, lines: lines.map((t, i) => ({ ...at(40 * (i < 4 ? i : i + 1)), text: t })) };
      },
      async lines(_jpeg, _how, asked) {
        read.push(asked.map((l) => l.text));
        return asked.map((l) => l.text);
      },
    });
    const labelled: string[][] = [];
    await read(ocrOf(bill('FUNM1 a', '29B MAIDUGURI RD, NASSARAWA'), labelled), {
      closeLook: true,
    });
    expect(labelled).toEqual([['Customer Name: FUNM1 a']]);
    const address: string[][] = [];
    await read(ocrOf(bill('FUNMILAYO BALOGUN', '28B MAIDUGURI RD, NASSARAWA'), address), {
      closeLook: true,
    });
    expect(address).toEqual([['Address: 28B MAIDUGURI RD, NASSARAWA']]);
  });
});
