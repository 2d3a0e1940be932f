import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsTestApp, signIn, type Actor } from '../jobs/support';
import type { TestContext } from '../helpers';
import { fund, walletOf } from './support';

let ctx: TestContext;
let admin: Actor;
let staff: Actor;
let company: Actor;
let other: Actor;
let subuser: Actor;
let agent: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  staff = await signIn(ctx.app, ctx.db, 'staff', {
    permissions: ['View Transaction History, make Payment etc'],
  });
  company = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Lekki Foods Ltd' });
  other = await signIn(ctx.app, ctx.db, 'company');
  subuser = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: company.companyId!,
    permissions: ['View Transaction History, make Payment etc'],
  });
  agent = await signIn(ctx.app, ctx.db, 'agent');
});
afterAll(() => ctx.close());

const getWallet = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ url: `/api/v2/wallet${query}`, headers });

describe('POST /wallet/fund', () => {
  it("credits the company's wallet: 201 with the funding transaction", async () => {
    const before = await walletOf(ctx.db, company.companyId!);
    const res = await fund(ctx.app, admin.headers, {
      company_id: company.companyId!,
      amount: 25_000.5,
      reference: 'FBN-2026-0001',
      paid_at: '2026-01-10',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'funding',
      direction: 'credit',
      amount: 25_000.5,
      status: 'successful',
      company_id: company.companyId,
      company_name: 'Lekki Foods Ltd',
      bank_reference: 'FBN-2026-0001',
      paid_at: '2026-01-10',
    });
    expect(await walletOf(ctx.db, company.companyId!)).toBe(before + 2_500_050);
  });

  it('answers the same reference with the first answer and credits nothing', async () => {
    const body = { company_id: company.companyId!, amount: 100, reference: 'UBA-77' };
    const first = await fund(ctx.app, staff.headers, body);
    const balance = await walletOf(ctx.db, company.companyId!);
    const again = await fund(ctx.app, admin.headers, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await walletOf(ctx.db, company.companyId!)).toBe(balance);
  });

  it('security: takes one normal form of a bank reference (case, spaces, separators) as the key', async () => {
    const body = { company_id: company.companyId!, amount: 300, reference: 'THIRD-IDEM-1' };
    const first = await fund(ctx.app, admin.headers, body);
    expect(first.statusCode).toBe(201);
    const balance = await walletOf(ctx.db, company.companyId!);
    for (const reference of ['third-idem-1', ' Third Idem 1 ', 'THIRD_IDEM/1', 'third.idem.1']) {
      const again = await fund(ctx.app, admin.headers, { ...body, reference });
      expect(again.statusCode, reference).toBe(201);
      expect(again.json().id, reference).toBe(first.json().id);
    }
    expect(await walletOf(ctx.db, company.companyId!)).toBe(balance);
    const rows = await ctx.db.query<{ reference: string }>(
      `SELECT reference FROM ledger_movements WHERE reference ILIKE 'funding:third%'`,
    );
    expect(rows.rows).toEqual([{ reference: 'funding:THIRDIDEM1' }]);
  });

  it('security: the database refuses a funding reference that is not in its normal form', async () => {
    await expect(
      ctx.db.query(
        `INSERT INTO ledger_movements (id, reference, kind, amount_kobo, company_id)
         VALUES (gen_random_uuid(), 'funding:db-only-1', 'funding', 100, $1)`,
        [company.companyId],
      ),
    ).rejects.toThrow(/funding_reference_normal/);
  });

  it('refuses a reference already recorded for another company (409), crediting nothing', async () => {
    const balance = await walletOf(ctx.db, other.companyId!);
    const res = await fund(ctx.app, admin.headers, {
      company_id: other.companyId!,
      amount: 100,
      reference: 'UBA-77',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('UBA-77');
    expect(await walletOf(ctx.db, other.companyId!)).toBe(balance);
  });

  it('refuses bad input with a 400 naming the field, crediting nothing', async () => {
    const balance = await walletOf(ctx.db, company.companyId!);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 10.005 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1e-9 }, 'amount'],
      [{ amount: 0.004 }, 'amount'],
      [{ amount: '100' }, 'amount'],
      [{ paid_at: '2999-01-01' }, 'paid_at'],
      [{ paid_at: '2026-02-30' }, 'paid_at'],
      [{ reference: '   ' }, 'reference'],
      [{ reference: ' - / ' }, 'reference'],
      [{ reference: 'ÄB-1' }, 'reference'],
      [{ company_id: '6f1c1c9e-0000-4000-8000-000000000000' }, 'company_id'],
    ];
    for (const [over, field] of cases) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/wallet/fund',
        headers: admin.headers,
        payload: {
          company_id: company.companyId,
          amount: 10,
          reference: `BAD-${field}`,
          paid_at: '2026-01-01',
          ...over,
        },
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().errors?.[0]?.field ?? res.json().message, JSON.stringify(over)).toContain(
        field,
      );
    }
    expect(await walletOf(ctx.db, company.companyId!)).toBe(balance);
  });

  it('is for the admin area only: a company (even its owner) gets 403', async () => {
    const res = await fund(ctx.app, company.headers, {
      company_id: company.companyId!,
      amount: 100,
      reference: 'SELF-1',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /wallet', () => {
  it("shows a company its balance and how to pay, from the configuration's defaults", async () => {
    const res = await getWallet(company.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      balance: (await walletOf(ctx.db, company.companyId!)) / 100,
      earnings: 0,
      how_to_pay: {
        bank_name: 'Wema Bank',
        account_name: 'Verification Back-office Ltd',
        account_number: '0123456789',
      },
    });
    expect((await getWallet(subuser.headers)).json().balance).toBe(res.json().balance);
  });

  it("answers 404 for another company's wallet and 403 for an agent's, to a company", async () => {
    expect((await getWallet(company.headers, `?company_id=${other.companyId}`)).statusCode).toBe(
      404,
    );
    expect((await getWallet(company.headers, `?company_id=${company.companyId}`)).statusCode).toBe(
      200,
    );
    expect((await getWallet(company.headers, `?agent_id=${agent.account.id}`)).statusCode).toBe(
      403,
    );
  });

  it("lets admins read any company's wallet and an agent's available earnings", async () => {
    const c = await getWallet(admin.headers, `?company_id=${other.companyId}`);
    expect(c.json().balance).toBe((await walletOf(ctx.db, other.companyId!)) / 100);
    const a = await getWallet(staff.headers, `?agent_id=${agent.account.id}`);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ balance: 0, earnings: 0 });
    expect((await getWallet(admin.headers)).statusCode).toBe(400);
    expect((await getWallet(admin.headers, `?agent_id=${other.companyId}`)).statusCode).toBe(404);
  });

  it('refuses a sub-user without the money permission', async () => {
    const plain = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: company.companyId!,
      permissions: ['View Job History'],
    });
    expect((await getWallet(plain.headers)).statusCode).toBe(403);
  });
});
