import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import { assign } from '../capture/support';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  setTat,
  signIn,
  submitEvidence,
  type Actor,
} from '../jobs/support';
import { fund, ledgerInvariants } from '../money/support';

let ctx: TestContext;
let admin: Actor;
let owner: Actor;
let other: Actor;
let agent: Actor;
let jobId: string;

const month = new Date(Date.now() + 3600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Ikoyi Lending Ltd' });
  other = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Other Ltd' });
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await setTat(ctx.db, { audience: 'company', amountKobo: 250_000 });
  await setTat(ctx.db, { audience: 'agent', amountKobo: 100_000 });
  const job = await createJob(
    ctx.app,
    owner.headers,
    addressFields({ guarantor_name: '=HYPERLINK("x")', id_type: 'nin', id_number: '12345678901' }),
  );
  jobId = job.id;
  const cancelled = await createJob(ctx.app, owner.headers);
  await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/job/${cancelled.id}/cancel`,
    headers: owner.headers,
    payload: {},
  });
  await createJob(ctx.app, other.headers);
});
afterAll(() => ctx.close());

const list = (
  headers: Record<string, string>,
  filter: object = {},
  extra: Record<string, string> = {},
) =>
  ctx.app.inject({
    url: `/api/v2/transactions?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
    headers: { ...headers, ...extra },
  });

async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text as string;
}

describe('GET /transactions', () => {
  it('shows a company its own movements only, newest first, with Content-Range', async () => {
    const res = await list(owner.headers);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { kind: string; company_id: string; status: string }[];
    expect(res.headers['content-range']).toBe(`transactions 0-${rows.length - 1}/${rows.length}`);
    expect(rows.every((t) => t.company_id === owner.companyId)).toBe(true);
    // test funding, two charges (one refunded), one refund
    expect(rows.map((t) => t.kind).sort()).toEqual(['charge', 'charge', 'funding', 'refund']);
    expect(rows.filter((t) => t.status === 'refunded')).toHaveLength(1);
    expect((await list(admin.headers)).json().length).toBeGreaterThan(rows.length);
  });

  it('filters by kind, status, company and date, and refuses a bad filter with a 400 naming it', async () => {
    const charges = (
      await list(admin.headers, { kind: 'charge', company_id: owner.companyId })
    ).json();
    expect(charges).toHaveLength(2);
    expect((await list(owner.headers, { status: 'refunded' })).json()).toHaveLength(1);
    expect((await list(owner.headers, { created_to: '2020-01-01' })).json()).toEqual([]);
    for (const [filter, field] of [
      [{ kind: 'gift' }, 'filter.kind'],
      [{ created_from: '2026-13-01' }, 'filter.created_from'],
      [{ agent_id: 'x' }, 'filter.agent_id'],
    ] as const) {
      const res = await list(admin.headers, filter);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
  });

  it("gives the Transaction details fields of a job's charge, and 404 to another company", async () => {
    const [charge] = (await list(owner.headers, { job_id: jobId, kind: 'charge' })).json();
    const res = await ctx.app.inject({
      url: `/api/v2/transactions/${charge.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'charge',
      direction: 'debit',
      amount: 2500,
      amount_paid: 2500,
      payment_status: 'successful',
      job_type: 'address',
      identity_type: 'nin',
      name: 'Chidi Okeke',
      guarantor: '=HYPERLINK("x")',
      job_assigned_at: null,
      verification_status: 'pending',
      job_status: 'pending',
    });
    const theirs = await ctx.app.inject({
      url: `/api/v2/transactions/${charge.id}`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('exports CSV with formula-looking cells escaped', async () => {
    const res = await list(owner.headers, {}, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain(`Chidi Okeke,"'=HYPERLINK(""x"")"`);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(5);
    // Times in Lagos time, as every export writes them.
    for (const line of lines.slice(1)) expect(line).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/);
  });
});

describe('PDFs', () => {
  it("writes the month's invoice: company details, lines, VAT included at 7.5%, totals", async () => {
    const res = await ctx.app.inject({
      url: `/api/v2/transactions/invoice?month=${month}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    // two charges of 2,500 and one refund: 2,500 in all, of which VAT 2,500 × 7.5/107.5 = 174.42
    expect(text).toContain('Ikoyi Lending Ltd');
    expect(text).toContain('VAT (7.5%)');
    expect(text).toMatch(/Total\s*NGN 2,500\.00/);
    expect(text).toContain('NGN 174.42');
    expect(text).toContain('NGN 2,325.58');
    expect(text).toContain('NGN -2,500.00');
    const data = await ctx.app.inject({
      url: `/api/v2/transactions/invoice?month=${month}`,
      headers: { ...owner.headers, accept: 'application/json' },
    });
    expect(data.json()).toMatchObject({ subtotal: 2325.58, vat: 174.42, total: 2500 });
    expect(data.json().lines).toHaveLength(3);
  });

  it("ends the invoice's address in the state's name, not its alias", async () => {
    await ctx.db.query(
      `UPDATE companies SET address = '3 Akin Adesola Street', state = 'akwa_ibom' WHERE id = $1`,
      [owner.companyId],
    );
    const data = await ctx.app.inject({
      url: `/api/v2/transactions/invoice?month=${month}`,
      headers: { ...owner.headers, accept: 'application/json' },
    });
    expect(data.json().company.address).toBe('3 Akin Adesola Street, Akwa Ibom');
    const pdf = await ctx.app.inject({
      url: `/api/v2/transactions/invoice?month=${month}`,
      headers: owner.headers,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('3 Akin Adesola Street, Akwa Ibom');
    expect(text).not.toContain('akwa_ibom');
  });

  it('needs a company for admins, and is 404 for another company', async () => {
    const bad = await ctx.app.inject({
      url: `/api/v2/transactions/invoice?month=${month}`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    const theirs = await ctx.app.inject({
      url: `/api/v2/transactions/invoice?month=${month}&company_id=${other.companyId}`,
      headers: owner.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const month13 = await ctx.app.inject({
      url: '/api/v2/transactions/invoice?month=2026-13',
      headers: owner.headers,
    });
    expect(month13.statusCode).toBe(400);
  });

  it('refuses a month outside the calendar (year 0000, 9999-12) with a 400 naming month', async () => {
    for (const m of ['0000-01', '0000-12', '1899-12', '9999-12']) {
      const res = await ctx.app.inject({
        url: `/api/v2/transactions/invoice?month=${m}`,
        headers: { ...owner.headers, accept: 'application/json' },
      });
      expect([m, res.statusCode, res.json().errors?.[0]?.field]).toEqual([m, 400, 'month']);
    }
    const last = await ctx.app.inject({
      url: '/api/v2/transactions/invoice?month=9999-11',
      headers: { ...owner.headers, accept: 'application/json' },
    });
    expect(last.statusCode).toBe(200);
  });

  it('writes a receipt of a transaction with its job and amount', async () => {
    const [charge] = (await list(owner.headers, { job_id: jobId, kind: 'charge' })).json();
    const res = await ctx.app.inject({
      url: `/api/v2/transactions/${charge.id}/receipt`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Receipt');
    expect(text).toContain('NGN 2,500.00');
    expect(text).toContain('Chidi Okeke');
    expect(text).toContain(`charge:${jobId}`);
    expect(text).toMatch(/Identity type\s*NIN/);
  });
});

describe('payouts', () => {
  const payout = (body: object, headers = admin.headers) =>
    ctx.app.inject({ method: 'POST', url: '/api/v2/payouts', headers, payload: body });
  const settle = (id: string, body: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/payouts/${id}`,
      headers: admin.headers,
      payload: body,
    });
  const earningsOf = async () =>
    (
      await ctx.app.inject({
        url: `/api/v2/wallet?agent_id=${agent.account.id}`,
        headers: admin.headers,
      })
    ).json().balance as number;

  async function approvedAgentJob() {
    const job = await createJob(ctx.app, owner.headers);
    await assign(ctx.app, admin.headers, 'agent', agent.account.id, [job.id]);
    await submitEvidence(ctx.app, job.id);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/job/appove-or-reject/${job.id}/approve`,
      headers: admin.headers,
      payload: { rating: 5 },
    });
  }

  it('refuses an agent with nothing to pay (400) and a company user (403)', async () => {
    expect((await payout({ agent_id: agent.account.id })).statusCode).toBe(400);
    expect((await payout({ agent_id: agent.account.id }, owner.headers)).statusCode).toBe(403);
  });

  it("pays out the agent's available balance; failed returns it; paid keeps the bank reference", async () => {
    // The agent's approved application holds the account the money goes to.
    await ctx.db.query(
      `INSERT INTO agent_applications (code, status, first_name, last_name, email, phone, state,
         lgas, nin, bank_code, account_number, account_name, photo_key, photo_sha256, decided_at,
         account_id)
       VALUES ('AG-TEST-1', 'approved', 'Musa', 'Bello', 'musa@example.ng', '+2348035550001',
         'lagos', '{Ikeja}', '23456789012', '011', '0000014579', 'Musa Bello', 'k', 's', now(), $1)`,
      [agent.account.id],
    );
    await approvedAgentJob();
    await approvedAgentJob();
    expect(await earningsOf()).toBe(2000);
    const res = await payout({ agent_id: agent.account.id });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      agent_id: agent.account.id,
      amount: 2000,
      status: 'pending',
      bank_name: 'First Bank of Nigeria',
      account_number: '0000014579',
      account_name: 'Musa Bello',
    });
    expect(await earningsOf()).toBe(0);
    expect((await payout({ agent_id: agent.account.id })).statusCode).toBe(400);

    expect((await settle(p.id, { status: 'paid' })).statusCode).toBe(400);
    const failed = await settle(p.id, { status: 'failed', reason: 'Account name mismatch' });
    expect(failed.json()).toMatchObject({ status: 'failed', reason: 'Account name mismatch' });
    expect(await earningsOf()).toBe(2000);
    expect((await settle(p.id, { status: 'paid', reference: 'X' })).statusCode).toBe(409);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/payouts/batch',
      headers: admin.headers,
      payload: { agent_ids: [agent.account.id] },
    });
    expect(again.statusCode).toBe(201);
    const [second] = again.json();
    const paid = await settle(second.id, { status: 'paid', reference: 'GTB-PAY-0042' });
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'GTB-PAY-0042', amount: 2000 });
    expect(await earningsOf()).toBe(0);

    const all = await ctx.app.inject({
      url: `/api/v2/payouts?filter=${encodeURIComponent(JSON.stringify({ agent_id: agent.account.id }))}`,
      headers: admin.headers,
    });
    expect(all.headers['content-range']).toBe('payouts 0-1/2');
    expect(all.json().map((x: { status: string }) => x.status)).toEqual(['paid', 'failed']);
    expect(
      (await ctx.app.inject({ url: `/api/v2/payouts/${p.id}`, headers: admin.headers })).json().id,
    ).toBe(p.id);
    expect(await ledgerInvariants(ctx.db)).toMatchObject({
      mismatched: [],
      total: 0,
      negative: [],
    });
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry and refuses the key with another body (422)', async () => {
    const key = { 'idempotency-key': 'fund-ikoyi-1' };
    const body = { company_id: owner.companyId!, amount: 700, reference: 'IDEM-1' };
    const first = await fund(ctx.app, admin.headers, body, key);
    const retry = await fund(ctx.app, admin.headers, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const other = await fund(ctx.app, admin.headers, { ...body, amount: 800 }, key);
    expect(other.statusCode).toBe(422);
  });

  it('creates one job for two identical job creations with one key', async () => {
    const before = (await list(owner.headers, { kind: 'charge' })).json().length;
    const { multipart, addressFields } = await import('../jobs/support');
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/job/create-address',
        headers: { ...owner.headers, 'idempotency-key': 'create-7' },
        payload: multipart(addressFields()),
      });
    const a = await send();
    const b = await send();
    expect(a.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect((await list(owner.headers, { kind: 'charge' })).json().length).toBe(before + 1);
  });
});
