import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import {
  createJob,
  createJobsTestApp,
  setTat,
  signIn,
  submitEvidence,
  type Actor,
} from '../jobs/support';
import { balanceOf, ledgerInvariants } from '../money/support';

/** Partner companies: their bank details, earnings and payouts, like agents'. */

let ctx: TestContext;
let admin: Actor;
let client: Actor;
let partner: Actor;
let partnerStaff: Actor;
let other: Actor;

const bankAccount = {
  bank_code: '058',
  account_number: '3045182730',
  account_name: 'FieldTrust Verification Services',
};

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  client = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Ikoyi Lending Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'FieldTrust Verification Services',
    partner: true,
  });
  partnerStaff = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: partner.companyId!,
    permissions: ['View Transaction History, make Payment etc'],
  });
  other = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Other Ltd', partner: true });
  await setTat(ctx.db, { audience: 'company', amountKobo: 250_000 });
  // A partner's fee is the Company price of the job's state and kind: ₦2,500.
  await approvedPartnerJob();
  await approvedPartnerJob();
});
afterAll(() => ctx.close());

async function approvedPartnerJob() {
  const job = await createJob(ctx.app, client.headers);
  const assigned = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/company/${partner.companyId}`,
    headers: admin.headers,
    payload: { list: [job.id] },
  });
  expect(assigned.statusCode).toBe(200);
  await submitEvidence(ctx.app, job.id);
  const approved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/job/appove-or-reject/${job.id}/approve`,
    headers: admin.headers,
    payload: { rating: 4 },
  });
  expect(approved.statusCode).toBe(200);
  return job;
}

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url: `/api/v2${url}`, headers, ...(payload ? { payload } : {}) });

const payOut = (body: object, headers = admin.headers) => inject('POST', '/payouts', headers, body);
const walletOf = (headers: Record<string, string>, query = '') =>
  inject('GET', `/wallet${query}`, headers);
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}&range=[0,99]`;

describe('a partner company', () => {
  it('lists its earnings: each fee credited with the job it stands for, and the balance available', async () => {
    const res = await inject('GET', `/transactions?${filter({ kind: 'fee' })}`, partner.headers);
    expect(res.statusCode).toBe(200);
    const fees = res.json() as { amount: number; job_code: string; direction: string }[];
    expect(fees).toHaveLength(2);
    expect(fees.every((f) => f.amount === 2500 && f.direction === 'credit')).toBe(true);
    expect(fees.every((f) => /^JOB-\d+$/.test(f.job_code))).toBe(true);
    expect((await walletOf(partner.headers)).json()).toMatchObject({
      earnings: 5000,
      available: 5000,
      bank_account: null,
    });
  });

  it('refuses a payout to a company without bank details with a 400 naming company_id', async () => {
    const res = await payOut({ company_id: partner.companyId });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'company_id',
        msg: 'FieldTrust Verification Services has no bank details to pay into: its owner adds them in Settings',
      },
    ]);
    expect(await balanceOf(ctx.db, 'company_earnings', partner.companyId!)).toBe(500_000);
  });

  it("security: takes bank details from its owner only (no sub-user, no admin), checked like an agent's; admins see them", async () => {
    const put = (body: object, headers = partner.headers) =>
      inject('PUT', '/wallet/bank-details', headers, body);
    const badNuban = await put({ ...bankAccount, account_number: '3045182731' });
    expect(badNuban.statusCode).toBe(400);
    expect(badNuban.json().errors[0]).toEqual({
      field: 'account_number',
      msg: 'account_number is not a valid Guaranty Trust Bank (GTBank) account number (NUBAN)',
    });
    const badBank = await put({ ...bankAccount, bank_code: '999' });
    expect(badBank.json().errors[0].field).toBe('bank_code');
    expect((await put({ ...bankAccount, account_name: ' ' })).json().errors[0].field).toBe(
      'account_name',
    );
    expect((await put(bankAccount, partnerStaff.headers)).statusCode).toBe(403);
    expect((await put(bankAccount, admin.headers)).statusCode).toBe(403);

    const res = await put(bankAccount);
    expect(res.statusCode).toBe(200);
    const shown = { ...bankAccount, bank_name: 'Guaranty Trust Bank (GTBank)' };
    expect(res.json()).toEqual(shown);
    expect((await walletOf(partner.headers)).json().bank_account).toEqual(shown);
    const seen = await walletOf(admin.headers, `?company_id=${partner.companyId}`);
    expect(seen.json().bank_account).toEqual(shown);
  });

  it('is paid out its available earnings through the payouts flow, in balanced ledger entries', async () => {
    const res = await payOut({ company_id: partner.companyId });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      payee_type: 'company',
      payee_id: partner.companyId,
      payee_name: 'FieldTrust Verification Services',
      company_id: partner.companyId,
      agent_id: null,
      amount: 5000,
      status: 'pending',
      bank_name: 'Guaranty Trust Bank (GTBank)',
      account_number: '3045182730',
      account_name: 'FieldTrust Verification Services',
    });
    expect(await balanceOf(ctx.db, 'company_earnings', partner.companyId!)).toBe(0);
    expect(
      await balanceOf(ctx.db, 'payouts_in_transit', '00000000-0000-0000-0000-000000000000'),
    ).toBe(500_000);
    expect((await walletOf(partner.headers)).json()).toMatchObject({
      earnings: 5000,
      available: 0,
    });
    // Nothing left: a second payout is refused and moves nothing.
    const over = await payOut({ company_id: partner.companyId });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ field: 'company_id' });

    const paid = await inject('PATCH', `/payouts/${p.id}`, admin.headers, {
      status: 'paid',
      reference: 'GTB-NIP-0099',
    });
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'GTB-NIP-0099' });
    const mine = await inject(
      'GET',
      `/transactions?${filter({ kind: 'payout' })}`,
      partner.headers,
    );
    expect(mine.json()).toMatchObject([
      { kind: 'payout', amount: 5000, status: 'successful', company_id: partner.companyId },
    ]);
    expect(await ledgerInvariants(ctx.db)).toMatchObject({
      mismatched: [],
      total: 0,
      unbalanced: [],
      negative: [],
    });
    const admins = await inject(
      'GET',
      `/payouts?${filter({ payee_type: 'company' })}`,
      admin.headers,
    );
    expect(admins.json().map((x: { id: string }) => x.id)).toEqual([p.id]);
  });

  it("security: a company sees only its own payouts, another tenant's answers 404, only the provider pays out", async () => {
    const own = await inject('GET', '/payouts?range=[0,9]', partner.headers);
    expect(own.statusCode).toBe(200);
    const [p] = own.json() as { id: string; company_id: string }[];
    expect(own.json()).toHaveLength(1);
    expect(p!.company_id).toBe(partner.companyId);
    expect((await inject('GET', `/payouts/${p!.id}`, partner.headers)).statusCode).toBe(200);

    expect((await inject('GET', `/payouts/${p!.id}`, other.headers)).statusCode).toBe(404);
    const theirs = await inject(
      'GET',
      `/payouts?${filter({ company_id: partner.companyId })}`,
      other.headers,
    );
    expect(theirs.json()).toEqual([]);
    expect((await walletOf(other.headers, `?company_id=${partner.companyId}`)).statusCode).toBe(
      404,
    );
    expect((await payOut({ company_id: partner.companyId }, partner.headers)).statusCode).toBe(403);
    const settle = { status: 'failed', reason: 'x' };
    expect((await inject('PATCH', `/payouts/${p!.id}`, partner.headers, settle)).statusCode).toBe(
      403,
    );
  });

  it('replays a retried payout with the same Idempotency-Key and pays once', async () => {
    await approvedPartnerJob();
    const key = { ...admin.headers, 'idempotency-key': 'partner-payout-1' };
    const first = await payOut({ company_id: partner.companyId }, key);
    const retry = await payOut({ company_id: partner.companyId }, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const list = await inject(
      'GET',
      `/payouts?${filter({ company_id: partner.companyId })}`,
      admin.headers,
    );
    expect(list.headers['content-range']).toBe('payouts 0-1/2');
  });

  it('refuses a body naming both payees or none with a 400 naming the field', async () => {
    const both = await payOut({ company_id: partner.companyId, agent_id: partner.account.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].field).toBe('company_id');
    const none = await payOut({});
    expect(none.json().errors[0].field).toBe('agent_id');
    const unknown = await payOut({ company_id: '00000000-0000-4000-8000-000000000001' });
    expect(unknown.statusCode).toBe(404);
  });
});
