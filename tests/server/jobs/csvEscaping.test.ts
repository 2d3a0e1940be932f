import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../../server/services/csv';
import type { TestContext } from '../helpers';
import { createJob, createJobsTestApp, setTat, signIn } from './support';

const attack = "-2+3+cmd|' /C calc'!A0";

describe('security: CSV formula escaping cannot be bypassed', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    [attack, `'${attack}`],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t'=1"],
    ['＝1+2', "'＝1+2"],
  ])('escapes %j as a formula', (raw, escaped) => {
    expect(csvCell(raw)).toBe(escaped);
  });

  it.each([
    [';=1+2', ";'=1+2"],
    ['Ikeja Stores;=HYPERLINK("x")', `"Ikeja Stores;'=HYPERLINK(""x"")"`],
    ['a;b;@SUM(A1)', "a;b;'@SUM(A1)"],
    ['Lekki Ltd,=1+2', `"Lekki Ltd,'=1+2"`],
    ['x\t-2+3', "x\t'-2+3"],
    ['=1;=2', "'=1;'=2"],
    ['a;-12.5;+234', 'a;-12.5;+234'],
    ['a; =1', 'a; =1'],
  ])('escapes a formula after a separator: %j', (raw, escaped) => {
    expect(csvCell(raw)).toBe(escaped);
  });

  it('quotes a leading CR or LF after escaping it, so the cell stays one cell', () => {
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('\n=1')).toBe(`"'\n=1"`);
  });

  it.each(['-12.5', '-12.55', '+2348031234567', '42', '0', '-7'])(
    'leaves the plain number %j alone',
    (n) => {
      expect(csvCell(n)).toBe(n);
      expect(csvCell(Number(n))).toBe(String(Number(n)));
    },
  );

  it('quotes commas, quotes and line breaks, doubling quotes, also in an escaped formula', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('writes null and undefined as empty cells, dates in Lagos time to the nearest second', () => {
    expect(csvLine([null, undefined, new Date('2026-03-01T11:00:00Z'), 'x'])).toBe(
      ',,2026-03-01 12:00:00,x\r\n',
    );
    // Rounded half up, as the database rounds a timestamp(0); past midnight in Lagos is the next day.
    expect(csvCell(new Date('2026-12-31T23:59:59.499Z'))).toBe('2027-01-01 00:59:59');
    expect(csvCell(new Date('2026-12-31T23:59:59.500Z'))).toBe('2027-01-01 01:00:00');
  });
});

describe("security: CSV formula escaping in another company's export", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createJobsTestApp();
  });
  afterAll(() => ctx.close());

  it("escapes a partner company's formula-like name in the owner's export", async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
    const partner = await signIn(ctx.app, ctx.db, 'company', {
      company_name: attack,
      partner: true,
    });
    await setTat(ctx.db);
    const job = await createJob(ctx.app, owner.headers);
    const assigned = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/company/${partner.companyId}`,
      headers: owner.headers,
      payload: { list: [job.id] },
    });
    expect(assigned.statusCode).toBe(200);

    const res = await ctx.app.inject({
      url: `/api/v2/jobs?filter=${encodeURIComponent('{"type":"address"}')}`,
      headers: { ...owner.headers, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    const rows = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.assignee_name).toBe(`'${attack}`);
    expect(rows[0]!.phone).toBe('+2348031234567');
  });
});
