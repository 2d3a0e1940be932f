import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, Queryable } from '../../../server/db';
import { createLedgerRepository, platformOwner } from '../../../server/repositories/ledger';
import {
  agentEarnings,
  chargeMovement,
  feeMovement,
  fundingMovement,
  wallet,
} from '../../../server/services/ledger';
import { freshDb } from '../helpers';
import { ledgerInvariants, walletOf } from './support';

let db: Db;
let companyId: string;
const ledger = () => createLedgerRepository(db);

beforeAll(async () => {
  db = await freshDb();
  companyId = (
    await db.query<{ id: string }>(
      `INSERT INTO companies (name) VALUES ('Ikeja Traders') RETURNING id`,
    )
  ).rows[0]!.id;
});
afterAll(() => db.close());

const post = (m: Parameters<ReturnType<typeof ledger>['post']>[0]) =>
  db.transaction((tx) => createLedgerRepository(tx).post(m, tx));

describe('the ledger in the database', () => {
  it('posts a funding as two balanced postings; the balance row equals the postings', async () => {
    const posted = await post([fundingMovement(companyId, 500_000, 'GTB-001', {}, null)]);
    expect([...posted]).toEqual(['funding:GTB001']);
    expect(await walletOf(db, companyId)).toBe(500_000);
    expect(await ledger().ledgerSum(wallet(companyId))).toBe(500_000);
    expect(await ledger().balance({ kind: 'bank', owner: platformOwner })).toBe(-500_000);
    expect(await ledgerInvariants(db)).toEqual({
      mismatched: [],
      total: 0,
      unbalanced: [],
      negative: [],
    });
  });

  it('posts nothing for a reference already in the ledger (a retry)', async () => {
    const statements: string[] = [];
    const counting = {
      query: (sql: string, params?: unknown[]) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    } as Queryable;
    const again = await createLedgerRepository(counting).post(
      [fundingMovement(companyId, 500_000, 'GTB-001', {}, null)],
      counting,
    );
    expect(again.size).toBe(0);
    // No postings to insert: the movements' statement is the only one.
    expect(statements).toHaveLength(1);
    expect(await walletOf(db, companyId)).toBe(500_000);
    const n = await db.query(`SELECT 1 FROM ledger_movements WHERE reference = 'funding:GTB001'`);
    expect(n.rows).toHaveLength(1);
  });

  it('refuses a movement whose postings do not sum to zero, and keeps nothing of it', async () => {
    const m = fundingMovement(companyId, 1000, 'BAD-1', {}, null);
    m.postings[0]!.amount = -999;
    await expect(post([m])).rejects.toThrow(/not balanced/);
    expect(await ledger().findByReference('funding:BAD1')).toBeUndefined();
    expect(await walletOf(db, companyId)).toBe(500_000);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of ledger rows', async () => {
    for (const sql of [
      'UPDATE ledger_entries SET amount_kobo = amount_kobo * 2',
      'DELETE FROM ledger_entries',
      'UPDATE ledger_movements SET amount_kobo = 1',
      'DELETE FROM ledger_movements',
      'TRUNCATE ledger_entries',
    ]) {
      await expect(db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect(await ledger().ledgerSum(wallet(companyId))).toBe(500_000);
  });

  it('never lets a wallet go below zero, whatever the application checked', async () => {
    const job = randomUUID();
    await db.query(
      `INSERT INTO jobs (id, type, company_id, state, lga, subject_name, fields)
       VALUES ($1, 'address', $2, 'lagos', 'Ikeja', 'Chidi Okeke', '{}')`,
      [job, companyId],
    );
    await expect(
      post([chargeMovement({ id: job, companyId, priceKobo: 500_001 }, null)]),
    ).rejects.toThrow(/ledger_balances_not_negative/);
    expect(await walletOf(db, companyId)).toBe(500_000);
    await post([chargeMovement({ id: job, companyId, priceKobo: 500_000 }, null)]);
    expect(await walletOf(db, companyId)).toBe(0);
  });

  it('posts only the new of several movements, dated as given, and answers their references', async () => {
    const at = new Date('2025-12-01T10:00:00Z');
    const posted = await post([
      fundingMovement(companyId, 500_000, 'GTB-001', {}, null),
      { ...fundingMovement(companyId, 2_500, 'GTB-002', { paid_at: '2025-12-01' }, null), at },
      fundingMovement(companyId, 1_000, 'GTB-003', {}, null),
    ]);
    expect([...posted].sort()).toEqual(['funding:GTB002', 'funding:GTB003']);
    const second = await ledger().findByReference('funding:GTB002');
    expect(second).toMatchObject({
      kind: 'funding',
      amount_kobo: 2_500,
      company_id: companyId,
      agent_id: null,
      job_id: null,
      details: { paid_at: '2025-12-01' },
      created_at: at,
    });
    expect(typeof second!.amount_kobo).toBe('number');
    const entries = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_entries WHERE movement_id = $1',
      [second!.id],
    );
    expect(entries.rows[0]!.n).toBe(2);
    expect(await walletOf(db, companyId)).toBe(3_500);
    expect(await ledgerInvariants(db)).toMatchObject({ mismatched: [], total: 0 });
  });

  it('posts nothing, and asks nothing, for no movements', async () => {
    const q = { query: vi.fn() } as unknown as Queryable;
    expect(await createLedgerRepository(q).post([], q)).toEqual(new Set());
    expect(q.query).not.toHaveBeenCalled();
  });

  it("reads balances: one account's (locked or not), many owners', 0 for an account never moved", async () => {
    const stranger = randomUUID();
    expect(await ledger().balance(wallet(stranger))).toBe(0);
    const locked = await db.transaction(async (tx) => [
      await createLedgerRepository(tx).lockBalance(wallet(companyId), tx),
      await createLedgerRepository(tx).lockBalance(wallet(stranger), tx),
    ]);
    expect(locked).toEqual([3_500, 0]);
    const all = await ledger().balances('company_wallet', [companyId, stranger, randomUUID()]);
    expect(all).toEqual(
      new Map([
        [companyId, 3_500],
        [stranger, 0],
      ]),
    );
    expect(await ledger().balances('agent_earnings', [companyId])).toEqual(new Map());
    expect(await ledger().ledgerSum(wallet(stranger))).toBe(0);
    expect(await ledger().findByReference('funding:NOSUCH')).toBeUndefined();
  });

  it("keeps a movement's agent, job, payout and author", async () => {
    const agent = (
      await db.query<{ id: string }>(
        `INSERT INTO accounts (unique_code, role, first_name, last_name, email, password_hash)
         VALUES ('AG-LEDGER', 'agent', 'Musa', 'Bello', 'musa.ledger@example.ng', 'x') RETURNING id`,
      )
    ).rows[0]!.id;
    const job = randomUUID();
    await db.query(
      `INSERT INTO jobs (id, type, company_id, state, lga, subject_name, fields)
       VALUES ($1, 'address', $2, 'lagos', 'Ikeja', 'Ngozi Eze', '{}')`,
      [job, companyId],
    );
    const payoutId = randomUUID();
    const fee = feeMovement(
      {
        id: job,
        company_id: companyId,
        price_kobo: 1_000,
        fee_kobo: 400,
        assignee_type: 'agent',
        assignee_company_id: null,
        assignee_agent_id: agent,
      },
      agent,
    );
    await post([{ ...fee, payoutId }]);
    expect(await ledger().findByReference(`fee:${job}`)).toMatchObject({
      agent_id: agent,
      company_id: null,
      job_id: job,
      payout_id: payoutId,
      created_by: agent,
    });
    expect(await ledger().balance(agentEarnings(agent))).toBe(400);
  });
});
