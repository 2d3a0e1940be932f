import { expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db';
import { openPostgres } from '../../../server/db/postgres';
import { createLedgerRepository, platformOwner } from '../../../server/repositories/ledger';
import { fundingMovement, wallet } from '../../../server/services/ledger';
import { onPostgresServer } from '../postgresServer';

/**
 * Two postings that share balance rows must lock them in one order, or each can hold a row the
 * other waits for: two API processes funding and charging one wallet at once deadlocked, and
 * PostgreSQL aborted one (a 500).
 */
onPostgresServer('the balances a posting locks', 'ledger_locks', (scratch) => {
  const company = async (name: string) =>
    (
      await scratch.db.query<{ id: string }>(
        `INSERT INTO companies (name) VALUES ($1) RETURNING id`,
        [name],
      )
    ).rows[0]!.id;
  const fund = (q: Db, companyId: string, reference: string) =>
    q.transaction((tx) =>
      createLedgerRepository(tx).post([fundingMovement(companyId, 1_000, reference, {}, null)], tx),
    );

  it('a funding takes the bank before the wallet, whatever order its plan reads them in', async () => {
    const ikeja = await company('Ikeja Traders');
    await fund(scratch.db, ikeja, 'LOCKS-1');
    // Another company's funding moves the bank's row after Ikeja's wallet in the table.
    await fund(scratch.db, await company('Aba Stores'), 'LOCKS-2');
    const rows = await scratch.db.query<{ account_kind: string }>(
      `SELECT account_kind FROM ledger_balances WHERE account_owner = ANY($1) ORDER BY ctid`,
      [[ikeja, platformOwner]],
    );
    expect(rows.rows.map((r) => r.account_kind)).toEqual(['company_wallet', 'bank']);

    // A connection whose plan reads the balances in the table's order (a hash join), as a
    // process's cached plan may.
    const scanning = await openPostgres(
      `${scratch.url}?options=${encodeURIComponent('-c enable_nestloop=off -c enable_mergejoin=off')}`,
      1,
    );
    let releaseBank!: () => void;
    const bankHeld = new Promise<void>((resolve) => (releaseBank = resolve));
    let bankLocked!: () => void;
    const locked = new Promise<void>((resolve) => (bankLocked = resolve));
    const holder = scratch.db.transaction(async (tx) => {
      await tx.query(
        `SELECT 1 FROM ledger_balances WHERE account_kind = 'bank' AND account_owner = $1 FOR UPDATE`,
        [platformOwner],
      );
      bankLocked();
      await bankHeld;
    });
    await locked;
    try {
      const funding = fund(scanning, ikeja, 'LOCKS-3');
      await vi.waitUntil(
        async () =>
          (
            await scratch.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n > 0,
        { timeout: 10_000, interval: 20 },
      );
      // The funding waits for the bank holding nothing: the wallet is free for a charge.
      const charge = await scratch.db
        .transaction(async (tx) => {
          await tx.query(`SET LOCAL lock_timeout = '1s'`);
          return createLedgerRepository(tx).lockBalance(wallet(ikeja), tx);
        })
        .catch((err: Error) => err.message);
      releaseBank();
      await holder;
      await funding;
      expect(charge).toBe(1_000);
    } finally {
      releaseBank();
      await scanning.close();
    }
  });
});
