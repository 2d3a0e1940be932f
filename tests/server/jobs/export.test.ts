import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createJobsRepository, jobCsvHeader } from '../../../server/repositories/jobs';
import { csvLine, csvRows } from '../../../server/services/csv';
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

describe('csvRows (COPY’s CSV made the export’s lines)', () => {
  const rows = (copy: string) => {
    const r = csvRows(Buffer.from(copy));
    return { ...r, lines: r.lines.toString() };
  };
  it('ends each row with CRLF and keeps a line break inside a quoted cell as it is', () => {
    const copy = 'JOB-1,a\nJOB-2,"two\nlines, ""quoted"""\nJOB-3,"x\n"\n';
    expect(rows(copy)).toEqual({
      lines: 'JOB-1,a\r\nJOB-2,"two\nlines, ""quoted"""\r\nJOB-3,"x\n"\r\n',
      rows: 3,
      lastFirstCell: 'JOB-3',
    });
  });

  it('finds the last row after quoted line breaks, and in a page of one row', () => {
    expect(rows('JOB-7,"a\nJOB-8,b"\n').lastFirstCell).toBe('JOB-7');
    expect(rows('JOB-7,"a\nJOB-8,b"\nJOB-9,""""\n')).toMatchObject({
      rows: 2,
      lastFirstCell: 'JOB-9',
    });
    expect(rows('JOB-1\n')).toEqual({ lines: 'JOB-1\r\n', rows: 1, lastFirstCell: 'JOB-1' });
    expect(rows('')).toEqual({ lines: '', rows: 0, lastFirstCell: '' });
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
