import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createJobsRepository, jobCsvHeader } from '../../../server/repositories/jobs';
import {
  copyPageCursor,
  copyPageLines,
  copyPageShort,
  csvLine,
} from '../../../server/services/csv';
import { createUser, freshDb } from '../helpers';

describe('csvChunks (the CSV export’s reader)', () => {
  let db: Db;
  let jobs: ReturnType<typeof createJobsRepository>;
  let account: Awaited<ReturnType<typeof createUser>>['account'];
  beforeAll(async () => {
    db = await freshDb();
    jobs = createJobsRepository(db);
    ({ account } = await createUser(db, { role: 'company' }));
  });
  afterAll(() => db.close());

  const job = (subject: string, fields: Record<string, string> = {}) => ({
    type: 'address' as const,
    company_id: account.company_id!,
    created_by: account.id,
    state: 'lagos',
    lga: 'Ikeja',
    subject_name: subject,
    fields,
  });
  const scope = () => ({ kind: 'company' as const, companyId: account.company_id! });
  async function exported(...args: Parameters<typeof jobs.csvChunks>) {
    let text = '';
    let chunks = 0;
    for await (const chunk of jobs.csvChunks(...args)) {
      text += chunk;
      chunks++;
    }
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    return { text, rows, chunks };
  }

  it('reads every job once, chunk after chunk, also when a whole import shares one timestamp', async () => {
    // Two imports: inside each transaction now() is one instant, with microseconds.
    // Names COPY must quote, some across a line break: the cursor is read past them.
    const odd = ['Ada "Ace"\nBello', 'Obi, Chika', '=cmd|\r\n', 'Eze\n'];
    const names = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => job(`${odd[(from + i) % 5] ?? ''}Person ${from + i}`));
    await db.transaction((tx) => jobs.insertMany(names(0, 5), account.id, tx));
    await db.transaction((tx) => jobs.insertMany(names(5, 7), account.id, tx));
    for (const sort of [
      { field: 'created_at', order: 'DESC' },
      { field: 'created_at', order: 'ASC' },
      { field: 'subject_name', order: 'ASC' },
    ] as const) {
      const { rows, chunks } = await exported(scope(), {}, sort, [], 3);
      const seen = rows.map((r) => r[4]);
      expect(seen).toHaveLength(12);
      expect(new Set(seen).size).toBe(12);
      expect(chunks).toBe(4);
      if (sort.field === 'subject_name') expect(seen).toEqual([...seen].sort());
    }
  });

  it('asks for no page after a short one, and for one more after a page that looks full', async () => {
    let statements = 0;
    const counted = createJobsRepository({
      ...db,
      copyTo: (sql, params) => (statements++, db.copyTo(sql, params)),
    });
    /** Rows and COPY statements of an export, in pages of 3, of a new company with these jobs. */
    async function exportOf(subjects: string[]) {
      const { account: other } = await createUser(db, { role: 'company' });
      const rows = subjects.map((s) => ({ ...job(s), company_id: other.company_id! }));
      await db.transaction((tx) => jobs.insertMany(rows, other.id, tx));
      const own = { kind: 'company' as const, companyId: other.company_id! };
      statements = 0;
      let lines = 0;
      const sort = { field: 'created_at', order: 'DESC' } as const;
      for await (const chunk of counted.csvChunks(own, {}, sort, [], 3))
        lines += chunk.toString().split('\r\n').length - 1;
      return { lines, statements };
    }
    const names = (n: number, name = 'Ada') => Array.from({ length: n }, (_, i) => `${name} ${i}`);
    expect(await exportOf(names(7))).toEqual({ lines: 7, statements: 3 });
    expect(await exportOf(names(6))).toEqual({ lines: 6, statements: 3 });
    // Line breaks inside quoted cells make a short page look full: one more page, empty.
    expect(await exportOf(names(8, 'Ada\nBello'))).toEqual({ lines: 8, statements: 4 });
  });

  it('writes each cell as csvCell does: formulas escaped, quotes doubled, numbers and dates as the API shows them', async () => {
    const attack = "-2+3+cmd|' /C calc'!A0";
    const texts = [
      '=1+2',
      '+1+2',
      '-2+3',
      attack,
      '@SUM(A1)',
      '\t=1',
      '＝1+2',
      '\r=1',
      '\n=1',
      '-12.5',
      '+2348031234567',
      'a,b',
      'say "hi"',
      'two\r\nlines',
      '=HYPERLINK("http://x","y")',
      'Ngozi Okonkwo-Adeyemi',
    ];
    const { account: other } = await createUser(db, { role: 'company' });
    const own = { kind: 'company' as const, companyId: other.company_id! };
    const rows = texts.map((t) => ({
      ...job(t, { first_name: t, phone: '+2348031234567' }),
      company_id: other.company_id!,
    }));
    for (const row of rows) await jobs.insert(row);
    await db.query(
      `UPDATE jobs SET price_kobo = 123450, fee_kobo = 150000, rating = 4 WHERE company_id = $1`,
      [other.company_id],
    );
    const { text } = await exported(own, {}, { field: 'subject_name', order: 'ASC' }, [
      'first_name',
      'phone',
      'nowhere',
    ]);
    const [byId] = [
      new Map(
        (
          await db.query<{
            code: string;
            company: string;
            subject_name: string;
            created_at: Date;
            updated_at: Date;
          }>(
            `SELECT j.code, c.name AS company, j.subject_name, j.created_at, j.updated_at
               FROM jobs j JOIN companies c ON c.id = j.company_id
              WHERE j.company_id = $1 ORDER BY j.subject_name`,
            [other.company_id],
          )
        ).rows.map((r) => [r.subject_name, r]),
      ),
    ];
    // What the JS writer makes of the same rows, in the same order.
    const expected = [...byId.values()]
      .map((r) =>
        csvLine([
          r.code,
          'Address',
          'pending',
          r.company,
          r.subject_name,
          'lagos',
          'Ikeja',
          null,
          null,
          null,
          null,
          'no',
          1234.5,
          1500,
          4,
          r.created_at,
          r.updated_at,
          r.subject_name,
          '+2348031234567',
          null,
        ]),
      )
      .join('');
    expect(text).toBe(expected);
    expect(jobCsvHeader(['first_name'])).toHaveLength(18);
  });
});

describe('copyPageLines and copyPageCursor (COPY’s CSV made the export’s lines)', () => {
  const lines = (copy: string) => copyPageLines(Buffer.from(copy)).toString();
  const cursor = (copy: string) => copyPageCursor(Buffer.from(copy));

  it('ends each row with CRLF, drops the cursor cell, keeps a line break inside a quoted cell', () => {
    const copy = 'JOB-1,a,JOB-1\nJOB-2,"two\nlines, ""quoted""",JOB-2\nJOB-3,"x\n",JOB-3\n';
    expect(lines(copy)).toBe('JOB-1,a\r\nJOB-2,"two\nlines, ""quoted"""\r\nJOB-3,"x\n"\r\n');
    expect(cursor(copy)).toBe('JOB-3');
  });

  it('reads the cursor from the end, past quoted line breaks, and in a page of one row', () => {
    expect(cursor('JOB-7,"a\nJOB-8,b",JOB-7\n')).toBe('JOB-7');
    expect(lines('JOB-7,"a\nJOB-8,b",JOB-7\n')).toBe('JOB-7,"a\nJOB-8,b"\r\n');
    expect(cursor('JOB-1\n')).toBe('JOB-1');
    expect(lines('JOB-1\n')).toBe('\r\n');
    expect(cursor('')).toBe('');
    expect(lines('')).toBe('');
  });

  it('puts the apostrophe inside the quotes of a quoted formula, and not before a signed number', () => {
    const copy = '"=HYPERLINK(""x"")",-12.5,"\n=1",\t=1,＝1,+2348031234567,-2+3,JOB-1\n';
    expect(lines(copy)).toBe(
      `"'=HYPERLINK(""x"")",-12.5,"'\n=1",'\t'=1,'＝1,+2348031234567,'-2+3\r\n`,
    );
  });

  it('puts the apostrophe after a separator that a formula follows, as csvCell does', () => {
    const cells = [';=1+2', 'Ikeja;=1', '"Lekki, =1;@x"', '"a,-2+3"', 'x;-12.5', 'Ọ̀yọ́;+1+1'];
    const copy = `${cells.join(',')},JOB-1\n`;
    const unquoted = (c: string) => (c.startsWith('"') ? c.slice(1, -1) : c);
    expect(lines(copy)).toBe(csvLine(cells.map(unquoted)));
    expect(lines(copy)).toBe(`;'=1+2,Ikeja;'=1,"Lekki, =1;'@x","a,'-2+3",x;-12.5,Ọ̀yọ́;'+1+1\r\n`);
  });

  it('tells a short page by its line breaks, a quoted one counting too', () => {
    const short = (copy: string, rows: number) => copyPageShort(Buffer.from(copy), rows);
    expect(short('a,JOB-1\nb,JOB-2\n', 3)).toBe(true);
    expect(short('a,JOB-1\nb,JOB-2\n', 2)).toBe(false);
    expect(short('"a\nb",JOB-1\n', 2)).toBe(false);
    expect(short('', 1)).toBe(true);
  });

  // COPY's CSV of the cells: quoted when they hold a comma, quote or line break; null is empty.
  const copyCell = (v: string | null) =>
    v === null ? '' : /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  const text = fc.string({
    unit: fc.constantFrom(...'=+-@＝＋－＠\t\r\n",.0123456789aZ é漢😀'.split(/(?:)/u)),
    minLength: 1,
    maxLength: 8,
  });

  it('writes every row as csvLine does, whatever the cells hold', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.option(text), { minLength: 1, maxLength: 5 })), (rows) => {
        const copy = rows
          .map((cells, i) => `${[...cells.map(copyCell), `JOB-${i}`].join(',')}\n`)
          .join('');
        expect(lines(copy)).toBe(rows.map((cells) => csvLine(cells)).join(''));
        expect(cursor(copy)).toBe(rows.length ? `JOB-${rows.length - 1}` : '');
      }),
      { numRuns: 500 },
    );
  });
});

describe('csvChunks when the client leaves', () => {
  it('stops reading, and a page read ahead that fails is not left unhandled', async () => {
    const db = await freshDb();
    try {
      const { account } = await createUser(db, { role: 'company' });
      const jobs = Array.from({ length: 7 }, (_, i) => ({
        type: 'address' as const,
        company_id: account.company_id!,
        created_by: account.id,
        state: 'lagos',
        lga: 'Ikeja',
        subject_name: `Person ${i}`,
        fields: {},
      }));
      await db.transaction((tx) => createJobsRepository(db).insertMany(jobs, account.id, tx));
      let pages = 0;
      const failing = {
        ...db,
        copyTo: (sql: string, params: readonly unknown[]) =>
          ++pages === 1 ? db.copyTo(sql, params) : Promise.reject(new Error('connection lost')),
      };
      const scope = { kind: 'company' as const, companyId: account.company_id! };
      const chunks = createJobsRepository(failing).csvChunks(
        scope,
        {},
        { field: 'created_at', order: 'DESC' },
        [],
        3,
      );
      const first = await chunks.next();
      expect(first.value!.toString().split('\r\n').filter(Boolean)).toHaveLength(3);
      expect(pages).toBe(2); // the second page was asked for while the first was sent
      await chunks.return(undefined);
      await new Promise((resolve) => setTimeout(resolve, 20)); // an unhandled rejection fails the run
    } finally {
      await db.close();
    }
  });
});
