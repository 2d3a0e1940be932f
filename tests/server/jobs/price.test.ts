import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { TestContext } from '../helpers';
import { csv, header, row } from './bulkFiles';
import {
  createJob,
  createJobsTestApp,
  postJobsFile,
  setTat,
  signIn,
  type Headers,
  type Actor,
} from './support';

let ctx: TestContext;
let owner: Actor;
let creator: Actor;
let viewer: Actor;
let staffCreator: Actor;
let admin: Actor;
let other: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  // 'Create Job' without the money label: may price jobs, may not see the wallet.
  creator = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: owner.companyId!,
    permissions: ['Create Job'],
  });
  viewer = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: owner.companyId!,
    permissions: ['View Job History'],
  });
  staffCreator = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['Create Job'] });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  other = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Other Ltd' });
  await setTat(ctx.db, { state: 'lagos', audience: 'company', amountKobo: 250_000 });
  await setTat(ctx.db, { state: 'kano', audience: 'company', amountKobo: 300_025 });
  await setTat(ctx.db, { state: 'abia', audience: 'agent', amountKobo: 90_000 });
});
afterAll(() => ctx.close());

const quote = (headers: Record<string, string>, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v2/job/price?${query}`, headers });

/** The quote of two address jobs in Lagos and one in Kano at the prices set above. */
const twoInLagosOneInKano = {
  total: 8000.25,
  missing: [],
  jobs: [
    { state: 'lagos', count: 2, price: 2500 },
    { state: 'kano', count: 1, price: 3000.25 },
  ],
};

describe('GET /job/price', () => {
  it('quotes the Company price of so many jobs per state to a creator without the money label', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v2/wallet', headers: creator.headers }))
        .statusCode,
    ).toBe(403);
    const res = await quote(creator.headers, 'type=address&state=lagos&state=kano&count=2&count=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(twoInLagosOneInKano);
    expect(res.body).not.toMatch(/balance/);
  });

  it('quotes what creating the job then charges', async () => {
    const res = await quote(staffCreator.headers, 'type=address&state=lagos');
    expect(res.json().total).toBe(2500);
    const job = await createJob(ctx.app, creator.headers);
    expect(job.price).toBe(res.json().total);
  });

  it('names the states without a Company price (an Agent price does not count)', async () => {
    await ctx.db.query(`DELETE FROM tat_settings WHERE state = 'abia' AND audience = 'company'`);
    const res = await quote(creator.headers, 'type=address&state=lagos&state=abia');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: null, missing: ['abia'] });
  });

  it('is refused to those who may not create jobs', async () => {
    expect((await quote(viewer.headers, 'type=address&state=lagos')).statusCode).toBe(403);
    expect((await quote({}, 'type=address&state=lagos')).statusCode).toBe(401);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['type=house&state=lagos', 'type'],
      ['type=address', 'state'],
      ['type=address&state=lagos&count=0', 'count'],
      ['type=address&state=lagos&state=kano&count=2', 'count'],
    ];
    for (const [query, field] of cases) {
      const res = await quote(creator.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
  });
});

/** A bulk file of address rows: so many in Lagos, Kano and Ogun. */
const rowsIn = (counts: { lagos?: number; kano?: number; ogun?: number }) => {
  const lgas = { lagos: 'Lagos Island', kano: 'Kano Municipal', ogun: 'Abeokuta South' };
  let i = 0;
  return (Object.keys(lgas) as (keyof typeof lgas)[]).flatMap((state) =>
    Array.from({ length: counts[state] ?? 0 }, () => row(++i, { state, lga: lgas[state] })),
  );
};

const quoteFile = (
  headers: Headers,
  data: Buffer | string | null,
  opts: { type?: string; filename?: string; fields?: Record<string, string> } = {},
) => postJobsFile(ctx.app, '/api/v2/job/price/file', headers, data, opts);

/** What a quote must leave as it was: the jobs, their events and the ledger. */
const written = async () =>
  (
    await ctx.db.query<{ jobs: number; events: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM jobs) AS jobs,
              (SELECT count(*)::int FROM job_events) AS events,
              (SELECT count(*)::int FROM ledger_entries) AS entries`,
    )
  ).rows[0]!;

describe('POST /job/price/file', () => {
  it("quotes a CSV's rows per state as GET /job/price quotes them, writing nothing", async () => {
    const before = await written();
    const file = '\uFEFF' + csv(rowsIn({ lagos: 2, kano: 1 }), ';');
    const res = await quoteFile(creator.headers, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(twoInLagosOneInKano);
    expect(res.json()).toEqual(
      (await quote(creator.headers, 'type=address&state=lagos&state=kano&count=2&count=1')).json(),
    );
    expect(res.body).not.toMatch(/balance/);
    expect(await written()).toEqual(before);
  });

  it('quotes an .xlsx workbook as the upload reads it', async () => {
    const before = await written();
    const data = [
      header.map((h) => ({ value: h })),
      ...rowsIn({ lagos: 1, kano: 3 }).map((r) =>
        r.map((v, c) =>
          header[c] === 'phone' ? { value: Number(v), type: Number } : { value: v },
        ),
      ),
    ];
    const xlsx = await writeXlsxFile(data as never).toBuffer();
    const res = await quoteFile(owner.headers, xlsx, { filename: 'jobs.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 11_500.75,
      missing: [],
      jobs: [
        { state: 'lagos', count: 1, price: 2500 },
        { state: 'kano', count: 3, price: 3000.25 },
      ],
    });
    expect(await written()).toEqual(before);
  });

  it('names the states without a Company price', async () => {
    await ctx.db.query(
      `DELETE FROM tat_settings WHERE state = 'ogun' AND job_type = 'address' AND audience = 'company'`,
    );
    const res = await quoteFile(creator.headers, csv(rowsIn({ lagos: 1, ogun: 2 })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: null,
      missing: ['ogun'],
      jobs: [
        { state: 'lagos', count: 1, price: 2500 },
        { state: 'ogun', count: 2, price: null },
      ],
    });
  });

  it('refuses a file the upload would refuse, naming the problem', async () => {
    const before = await written();
    const bad = await quoteFile(
      creator.headers,
      csv([...rowsIn({ lagos: 1 }), row(9, { state: 'atlantis' })]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('1 of 2 rows have errors; nothing was imported');
    expect(bad.json().errors).toEqual([expect.objectContaining({ row: 2, field: 'state' })]);
    const pdf = await quoteFile(creator.headers, '%PDF-1.4', { filename: 'jobs.pdf' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('Wrong file type: upload a CSV or an Excel (.xlsx) file');
    const big = await quoteFile(creator.headers, Buffer.alloc(20 * 1024 * 1024 + 10, 'a'));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 20 MB: split it into smaller files');
    const none = await quoteFile(creator.headers, null);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([expect.objectContaining({ field: 'file' })]);
    expect(await written()).toEqual(before);
  });

  it('is refused to those who may not create jobs', async () => {
    const file = csv(rowsIn({ lagos: 1 }));
    expect((await quoteFile(viewer.headers, file)).statusCode).toBe(403);
    expect((await quoteFile({}, file)).statusCode).toBe(401);
  });

  it('checks a named owner as the upload does; staff may leave it out', async () => {
    const file = csv(rowsIn({ lagos: 1 }));
    const foreign = await quoteFile(creator.headers, file, {
      fields: { company_id: other.companyId! },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('You can only create jobs for your own company');
    const own = await quoteFile(creator.headers, file, {
      fields: { company_id: owner.companyId! },
    });
    expect(own.statusCode).toBe(200);

    const unknown = await quoteFile(admin.headers, file, {
      fields: { company_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'company_id' })]);
    const named = await quoteFile(admin.headers, file, {
      fields: { company_id: other.companyId! },
    });
    expect(named.json().total).toBe(2500);
    const unnamed = await quoteFile(staffCreator.headers, file);
    expect(unnamed.json().total).toBe(2500);
  });
});
