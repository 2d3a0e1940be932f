import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createLedgerRepository, platformOwner } from '../../../server/repositories/ledger';
import { chargeMovement, fundingMovement, wallet } from '../../../server/services/ledger';
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
    const again = await post([fundingMovement(companyId, 500_000, 'GTB-001', {}, null)]);
    expect(again.size).toBe(0);
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
});
