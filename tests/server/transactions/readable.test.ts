import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import { assign } from '../capture/support';
import {
  createJob,
  createJobsTestApp,
  setTat,
  signIn,
  submitEvidence,
  type Actor,
} from '../jobs/support';
import { transactionView } from '../../../server/services/moneyViews';
import type { TransactionRow } from '../../../server/repositories/transactions';

let ctx: TestContext;
let admin: Actor;
let owner: Actor;
let partner: Actor;
let agent: Actor;
let agentJobCode: string;
let partnerJobId: string;
let partnerJobCode: string;

interface Row {
  id: string;
  kind: string;
  reference: string;
  refers_to: { kind: string; label: string; id: string | null };
  description: string;
  payee_type: string | null;
  payee_id: string | null;
  payee_name: string | null;
  job_id: string | null;
  job_code: string | null;
}

const approve = (jobId: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v2/job/appove-or-reject/${jobId}/approve`,
    headers: admin.headers,
    payload: { rating: 5 },
  });

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Ikoyi Lending Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'FieldTrust Verification Services',
    partner: true,
  });
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await setTat(ctx.db, { audience: 'company', amountKobo: 250_000 });
  await setTat(ctx.db, { audience: 'agent', amountKobo: 100_000 });

  const funded = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/wallet/fund',
    headers: admin.headers,
    payload: {
      company_id: owner.companyId,
      amount: 5000,
      reference: 'GTB-TRF-77',
      paid_at: '2025-01-02',
    },
  });
  expect(funded.statusCode).toBe(201);

  const agentJob = await createJob(ctx.app, owner.headers);
  agentJobCode = agentJob.code;
  await assign(ctx.app, admin.headers, 'agent', agent.account.id, [agentJob.id]);
  await submitEvidence(ctx.app, agentJob.id);
  expect((await approve(agentJob.id)).statusCode).toBe(200);

  const partnerJob = await createJob(ctx.app, owner.headers);
  partnerJobId = partnerJob.id;
  partnerJobCode = partnerJob.code;
  await assign(ctx.app, admin.headers, 'company', partner.companyId!, [partnerJob.id]);
  await submitEvidence(ctx.app, partnerJob.id);
  expect((await approve(partnerJob.id)).statusCode).toBe(200);

  // The agent's approved application holds the account a payout goes to.
  await ctx.db.query(
    `INSERT INTO agent_applications (code, status, first_name, last_name, email, phone, state,
       lgas, nin, bank_code, account_number, account_name, photo_key, photo_sha256, decided_at,
       account_id)
     VALUES ('AG-TEST-9', 'approved', 'Musa', 'Bello', 'musa9@example.ng', '+2348035550009',
       'lagos', '{Ikeja}', '23456789019', '011', '0000014579', 'Musa Bello', 'k', 's', now(), $1)`,
    [agent.account.id],
  );
  const paid = await ctx.app.inject({
    method: 'POST',
    url: '/api/v2/payouts',
    headers: admin.headers,
    payload: { agent_id: agent.account.id },
  });
  expect(paid.statusCode).toBe(201);
});
afterAll(() => ctx.close());

const list = async (headers: Record<string, string>, filter: object = {}) => {
  const res = await ctx.app.inject({
    url: `/api/v2/transactions?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
    headers,
  });
  return { res, rows: (res.statusCode === 200 ? res.json() : []) as Row[] };
};

const agentName = () => `${agent.account.first_name} ${agent.account.last_name}`;

describe('what a transaction stands for', () => {
  it('names a charge by its job code and links the job, in a sentence naming kind and code', async () => {
    const { rows } = await list(owner.headers, { kind: 'charge' });
    const charge = rows.find((r) => r.job_code === agentJobCode)!;
    expect(charge.reference).toMatch(/^charge:/);
    expect(charge.refers_to).toEqual({ kind: 'job', label: agentJobCode, id: charge.job_id });
    expect(charge.description).toBe(`Address verification ${agentJobCode} charged`);
  });

  it("names a funding by the bank's reference", async () => {
    const { rows } = await list(owner.headers, { kind: 'funding' });
    const funding = rows.find((r) => r.refers_to.label === 'GTB-TRF-77')!;
    expect(funding.refers_to).toEqual({ kind: 'funding', label: 'GTB-TRF-77', id: null });
    expect(funding.description).toBe('Wallet funded by bank transfer (ref GTB-TRF-77)');
  });

  it('names a payout, links it, and says who it pays', async () => {
    const { rows } = await list(admin.headers, { kind: 'payout', agent_id: agent.account.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refers_to.kind).toBe('payout');
    expect(rows[0]!.refers_to.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.description).toBe(`Payout to ${agentName()}`);
    const one = await ctx.app.inject({
      url: `/api/v2/transactions/${rows[0]!.id}`,
      headers: admin.headers,
    });
    expect(one.json()).toMatchObject({ description: `Payout to ${agentName()}` });
  });

  it('shows a partner the fee of the job it did, and describes it; the CSV has the description', async () => {
    const { rows } = await list(partner.headers);
    const fee = rows.find((r) => r.kind === 'fee')!;
    expect(fee.refers_to).toEqual({ kind: 'job', label: partnerJobCode, id: partnerJobId });
    expect(fee.description).toBe(`Fee for Address verification ${partnerJobCode}`);
    const csv = await ctx.app.inject({
      url: '/api/v2/transactions?filter={}',
      headers: { ...partner.headers, accept: 'text/csv' },
    });
    expect(csv.body).toContain(`Fee for Address verification ${partnerJobCode}`);
  });

  it('never names or links a job of a company the viewer neither owns nor works for', () => {
    const row = {
      id: 'x',
      reference: 'fee:j',
      kind: 'fee',
      amount_kobo: 100,
      status: 'successful',
      created_at: new Date(),
      company_id: 'partner',
      company_name: 'Partner',
      agent_id: null,
      agent_name: null,
      job_id: 'j',
      job_code: 'JOB-000001',
      job_type: 'address',
      identity_type: null,
      name: 'Ada Obi',
      guarantor: null,
      job_assigned_at: null,
      price_kobo: 250_000,
      job_status: 'approved',
      job_state: 'lagos',
      job_company_id: 'owner',
      job_assignee_company_id: 'somebody-else',
      payout_id: null,
      payout_reference: null,
      details: {},
    } satisfies TransactionRow;
    const seen = transactionView(row, { kind: 'company', companyId: 'partner' });
    expect(JSON.stringify(seen)).not.toContain('JOB-000001');
    expect(JSON.stringify(seen)).not.toContain('Ada Obi');
    expect(seen.refers_to).toEqual({ kind: 'other', label: 'Assignee fee', id: null });
    expect(seen.job_id).toBeNull();
    const owned = transactionView(row, { kind: 'company', companyId: 'owner' });
    expect(owned.refers_to).toEqual({ kind: 'job', label: 'JOB-000001', id: 'j' });
    expect(transactionView(row, { kind: 'all' }).job_code).toBe('JOB-000001');
  });
});

describe('payees of fees and payouts', () => {
  it('names the payee, agent or company, with its kind', async () => {
    const { rows } = await list(admin.headers, { kind: 'fee' });
    const toAgent = rows.find((r) => r.job_code === agentJobCode)!;
    const toPartner = rows.find((r) => r.job_code === partnerJobCode)!;
    expect(toAgent).toMatchObject({
      payee_type: 'agent',
      payee_id: agent.account.id,
      payee_name: agentName(),
    });
    expect(toPartner).toMatchObject({
      payee_type: 'company',
      payee_id: partner.companyId,
      payee_name: 'FieldTrust Verification Services',
    });
    const charges = await list(admin.headers, { kind: 'charge' });
    expect(charges.rows.every((r) => r.payee_type === null && r.payee_name === null)).toBe(true);
  });

  it('filters by payee kind, payee id and part of the payee name, on the server', async () => {
    const agents = (await list(admin.headers, { payee_type: 'agent' })).rows;
    expect(agents.map((r) => r.kind).sort()).toEqual(['fee', 'payout']);
    expect(agents.every((r) => r.payee_id === agent.account.id)).toBe(true);
    const companies = (await list(admin.headers, { payee_type: 'company' })).rows;
    expect(companies.map((r) => r.job_code)).toEqual([partnerJobCode]);
    const byId = (await list(admin.headers, { payee_id: partner.companyId })).rows;
    expect(byId.map((r) => r.kind)).toEqual(['fee']);
    const byName = (await list(admin.headers, { payee: 'fieldtrust' })).rows;
    expect(byName.map((r) => r.payee_name)).toEqual(['FieldTrust Verification Services']);
    expect((await list(admin.headers, { payee: '100%_' })).rows).toEqual([]);
  });

  it('refuses a bad payee filter with a 400 naming the field', async () => {
    for (const [filter, field] of [
      [{ payee_type: 'bank' }, 'filter.payee_type'],
      [{ payee_id: 'nope' }, 'filter.payee_id'],
      [{ payee: 'x'.repeat(101) }, 'filter.payee'],
      [{ payee: 7 }, 'filter.payee'],
    ] as const) {
      const { res } = await list(admin.headers, filter);
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await list(admin.headers, { payee: 'x'.repeat(100) })).res.statusCode).toBe(200);
  });
});

describe('GET /transactions/invoices', () => {
  const months = (headers: Record<string, string>, query = '') =>
    ctx.app.inject({ url: `/api/v2/transactions/invoices${query}`, headers });

  it("lists the company's months with the month's total and jobs charged", async () => {
    const res = await months(owner.headers);
    expect(res.statusCode).toBe(200);
    const month = new Date(Date.now() + 3_600_000).toISOString().slice(0, 7);
    // Two address jobs at ₦2,500 each this month.
    expect(res.json()).toEqual([
      { month, label: expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/), jobs: 2, total: 5000 },
    ]);
    // A partner that was charged nothing has no invoices.
    expect((await months(partner.headers)).json()).toEqual([]);
  });

  it("is 404 for another company's, and an admin names the company (400 naming company_id)", async () => {
    expect((await months(partner.headers, `?company_id=${owner.companyId}`)).statusCode).toBe(404);
    const noCompany = await months(admin.headers);
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.body).toContain('company_id');
    const named = await months(admin.headers, `?company_id=${owner.companyId}`);
    expect(named.json()).toHaveLength(1);
    expect((await months(admin.headers, '?company_id=nope')).statusCode).toBe(400);
  });
});
