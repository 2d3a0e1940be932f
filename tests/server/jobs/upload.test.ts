import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { jobFieldDefs, jobFieldNames } from '../../../reference/jobKinds';
import type { TestContext } from '../helpers';
import { csv, header, row, xlsFile } from './bulkFiles';
import {
  createJobsTestApp,
  fundWallet,
  postJobsFile,
  signIn,
  type Headers,
  type Actor,
} from './support';

let ctx: TestContext;
let company: Actor;
let admin: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
  admin = await signIn(ctx.app, ctx.db, 'admin');
});
afterAll(() => ctx.close());

const upload = (
  headers: Headers,
  data: Buffer | string | null,
  opts: { type?: string; filename?: string; fields?: Record<string, string> } = {},
) => postJobsFile(ctx.app, '/api/v2/job/upload', headers, data, { mime: 'text/csv', ...opts });

const countJobs = async () =>
  (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs')).rows[0]!.n;

describe('POST /job/upload', () => {
  it('creates every row of a CSV, each with its first event: 201 {created}', async () => {
    const before = await countJobs();
    const res = await upload(company.headers, csv([row(1), row(2), row(3)]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 3 });
    expect(await countJobs()).toBe(before + 3);
    const ev = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_events e JOIN jobs j ON j.id = e.job_id
        WHERE j.subject_name = 'Ada2 Obi' AND e.from_status IS NULL AND e.to_status = 'pending'`,
    );
    expect(ev.rows[0]!.n).toBe(1);
    const job = await ctx.db.query<{
      lga: string;
      company_id: string;
      fields: Record<string, string>;
    }>("SELECT lga, company_id, fields FROM jobs WHERE subject_name = 'Ada1 Obi'");
    expect(job.rows[0]).toMatchObject({
      lga: 'Lagos Island',
      company_id: company.companyId,
      fields: { phone: '+2348031000001' },
    });
  });

  it('reads a CSV with a BOM', async () => {
    const res = await upload(company.headers, '\uFEFF' + csv([row(10)]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 1 });
  });

  it('reads a CSV with ; separators (and a comma inside a value)', async () => {
    const res = await upload(
      company.headers,
      csv([row(11, { address: '3, Marina Road' }), row(12)], ';'),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 2 });
    const r = await ctx.db.query<{ address: string }>(
      "SELECT fields->>'address' AS address FROM jobs WHERE subject_name = 'Ada11 Obi'",
    );
    expect(r.rows[0]!.address).toBe('3, Marina Road');
  });

  it('reads an XLSX workbook, numbers included', async () => {
    const data = [
      header.map((h) => ({ value: h })),
      ...[20, 21].map((i) =>
        row(i).map((v, c) =>
          header[c] === 'phone' ? { value: Number(v), type: Number } : { value: v },
        ),
      ),
    ];
    const xlsx = await writeXlsxFile(data as never).toBuffer();
    const res = await upload(company.headers, xlsx, { filename: 'jobs.xlsx' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 2 });
  });

  it('lists every bad row with its number and writes nothing', async () => {
    const before = await countJobs();
    const res = await upload(
      company.headers,
      csv([row(30), row(31, { state: 'atlantis' }), row(32), row(33, { phone: '123', lga: '' })]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: '2 of 4 rows have errors; nothing was imported',
      errors: [
        { row: 2, field: 'state', msg: 'state "atlantis" is not a Nigerian state' },
        { row: 4, field: 'phone', msg: 'phone must be a valid Nigerian phone number' },
        { row: 4, field: 'lga', msg: 'lga is required' },
      ],
    });
    expect(await countJobs()).toBe(before);
  });

  it('security: refuses control and bidirectional-override characters in a row, naming the field', async () => {
    const before = await countJobs();
    const res = await upload(
      company.headers,
      csv([row(40, { first_name: 'Ada\u202eeko' }), row(41, { address: '12 Allen \u001b[2J' })]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { row: 1, field: 'first_name', msg: expect.stringMatching(/^first_name must be one line/) },
      { row: 2, field: 'address', msg: expect.stringMatching(/^address must be one line/) },
    ]);
    expect(await countJobs()).toBe(before);
  });

  it('refuses a header row that does not match the kind', async () => {
    const bad = csv([row(40)]).replace('first_name', 'firstname');
    const res = await upload(company.headers, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The header row does not match the address template: Unknown column "firstname"; ' +
        'The header row has no first_name column',
    );
    expect(res.json().errors).toEqual([
      { row: 0, field: 'firstname', msg: 'Unknown column "firstname"' },
      { row: 0, field: 'first_name', msg: 'The header row has no first_name column' },
    ]);
  });

  it('refuses an empty file, a header without rows, and a file that is not CSV or XLSX', async () => {
    const empty = await upload(company.headers, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty');
    const headerOnly = await upload(company.headers, header.join(','));
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe('The file has a header row but no jobs');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]),
      Buffer.alloc(50),
    ]);
    const image = await upload(company.headers, png, { filename: 'photo.png' });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe('Wrong file type: upload a CSV or an Excel (.xlsx) file');
    const fakeZip = await upload(company.headers, Buffer.from('PK\u0003\u0004garbage'), {
      filename: 'a.xlsx',
    });
    expect(fakeZip.statusCode).toBe(400);
    expect(fakeZip.json().message).toBe('This file could not be read as an Excel (.xlsx) workbook');
  });

  it('security: refuses a CSV with a NUL byte past its first 64 KB with a 400, not a failed insert', async () => {
    const before = await countJobs();
    const rows = Array.from({ length: 1000 }, (_, i) => row(200 + i));
    rows.push(row(1200, { landmark: 'Near\u0000the church' }));
    const data = csv(rows);
    expect(data.indexOf('\u0000')).toBeGreaterThan(64 * 1024);
    const res = await upload(company.headers, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Wrong file type: upload a CSV or an Excel (.xlsx) file');
    expect(await countJobs()).toBe(before);
  });

  it('refuses an old Excel (.xls) file, saying what to upload instead', async () => {
    const xls = xlsFile();
    const res = await upload(company.headers, xls, { filename: 'jobs.xls' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Old Excel (.xls) files are not supported: save the sheet as .xlsx or CSV',
    );
  });

  it('refuses an unknown kind and a missing file with a message naming the field', async () => {
    const car = await upload(company.headers, csv([row(50)]), { type: 'car' });
    expect(car.statusCode).toBe(400);
    expect(car.json().errors).toEqual([expect.objectContaining({ field: 'type' })]);
    const noFile = await upload(company.headers, null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({
      message: 'file is required',
      errors: [{ field: 'file', msg: 'file is required' }],
    });
  });

  it('refuses more than 100,000 rows with a message', async () => {
    const line = row(1).join(',');
    const big = [header.join(','), ...Array.from({ length: 100_001 }, () => line)].join('\n');
    const res = await upload(company.headers, big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file has 100,001 rows: at most 100,000 can be imported at once',
    );
  });

  it('refuses a file over 20 MB with a message', async () => {
    const res = await upload(company.headers, Buffer.alloc(20 * 1024 * 1024 + 10, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 20 MB: split it into smaller files');
  });

  it('lets an admin upload for a named company', async () => {
    const missing = await upload(admin.headers, csv([row(60)]));
    expect(missing.statusCode).toBe(400);
    const ok = await upload(admin.headers, csv([row(60)]), {
      fields: { company_id: company.companyId! },
    });
    expect(ok.statusCode).toBe(201);
    // The jobs are the named company's, created by the admin.
    const { rows } = await ctx.db.query<{ company_id: string; created_by: string }>(
      "SELECT company_id, created_by FROM jobs WHERE subject_name = 'Ada60 Obi'",
    );
    expect(rows).toEqual([{ company_id: company.companyId, created_by: admin.account.id }]);
  });

  // Its speed is the bench's (bench/nostall.ts, bench/importHttp.ts), not a timed assertion here.
  it('imports 10,000 rows in one upload, every row stored once', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => row(100_000 + i));
    await fundWallet(ctx.db, company.companyId!, 10_000 * 150_000);
    const res = await upload(company.headers, csv(rows));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 10_000 });
    const { rows: stored } = await ctx.db.query<{ n: number; names: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT subject_name)::int AS names FROM jobs
        WHERE company_id = $1 AND subject_name LIKE 'Ada1_____ Obi'`,
      [company.companyId],
    );
    expect(stored).toEqual([{ n: 10_000, names: 10_000 }]);
  });
});

describe('GET /job/upload/template/{type}', () => {
  it('answers a CSV with the header row and an example row per kind', async () => {
    for (const kind of ['address', 'business_address', 'business', 'product'] as const) {
      const res = await ctx.app.inject({ url: `/api/v2/job/upload/template/${kind}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${kind}-jobs-template.csv"`,
      );
      const [head, example] = res.body.trim().split('\r\n');
      expect(head).toBe(jobFieldNames(kind).join(','));
      expect(example!.split(',')).toHaveLength(jobFieldDefs[kind].length);
    }
  });

  it('a filled-in template uploads as it is', async () => {
    const t = await ctx.app.inject({ url: '/api/v2/job/upload/template/business' });
    const res = await upload(company.headers, t.body, { type: 'business' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 1 });
  });
});
