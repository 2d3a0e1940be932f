// Embedded database only: PostgreSQL's own autovacuum would analyse these tables too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db';
import { analyzeDueTables, startAutoAnalyze } from '../../../server/db/autoAnalyze';
import { emptyDb } from '../helpers';

let db: Db;
beforeEach(async () => {
  db = await emptyDb();
});
afterEach(() => db.close());

/** Row counts reach the statistics at a statement a second or more after the last report. */
const reportCounts = async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await db.exec('SELECT 1');
};
const lastAnalyze = async (table: string) =>
  (
    await db.query<{ at: Date | null }>(
      'SELECT last_analyze AS at FROM pg_stat_user_tables WHERE relname = $1',
      [table],
    )
  ).rows[0]!.at;
const insert = (table: string, from: number, to: number) =>
  db.exec(`INSERT INTO ${table} SELECT g, 'x' FROM generate_series(${from}, ${to}) g`);

describe('statistics kept current on the embedded database', () => {
  it('analyses a table once more than 50 + 10% of its rows changed, and only then', async () => {
    await db.exec('CREATE TABLE probe (id int PRIMARY KEY, v text)');
    await insert('probe', 1, 40);
    await reportCounts();
    expect(await analyzeDueTables(db)).toEqual([]);

    await insert('probe', 41, 5_000);
    await reportCounts();
    expect(await analyzeDueTables(db)).toEqual(['probe']);
    expect(await lastAnalyze('probe')).not.toBeNull();
    const planned = await db.query<{ n: number }>(
      `SELECT reltuples::int AS n FROM pg_class WHERE relname = 'probe'`,
    );
    expect(planned.rows[0]!.n).toBe(5_000);

    // 50 + 500 rows now: 400 changed is not enough, 1,000 is.
    await db.exec(`UPDATE probe SET v = 'y' WHERE id <= 400`);
    await reportCounts();
    expect(await analyzeDueTables(db)).toEqual([]);
    await db.exec(`UPDATE probe SET v = 'y' WHERE id > 400 AND id <= 1000`);
    await reportCounts();
    expect(await analyzeDueTables(db)).toEqual(['probe']);
  });

  it("analyses the queue's tables too, in their own schema", async () => {
    await db.exec('CREATE SCHEMA IF NOT EXISTS pgboss; CREATE TABLE pgboss.probe (id int, v text)');
    await insert('pgboss.probe', 1, 5_000);
    await reportCounts();
    expect(await analyzeDueTables(db)).toEqual(['pgboss.probe']);
    const analysed = await db.query<{ at: Date | null }>(
      `SELECT last_analyze AS at FROM pg_stat_user_tables
        WHERE schemaname = 'pgboss' AND relname = 'probe'`,
    );
    expect(analysed.rows[0]!.at).not.toBeNull();
  });

  it('runs by itself until stopped, whatever the table is called', async () => {
    const table = 'job "probe"';
    const quoted = '"job ""probe"""';
    await db.exec(`CREATE TABLE ${quoted} (id int PRIMARY KEY, v text)`);
    const log = { info: vi.fn(), warn: vi.fn() };
    const stop = startAutoAnalyze(db, log, 100);
    try {
      await insert(quoted, 1, 2_000);
      await reportCounts();
      await vi.waitUntil(async () => (await lastAnalyze(table)) !== null, {
        timeout: 5_000,
        interval: 50,
      });
      expect(log.info).toHaveBeenCalledWith({ tables: [table] }, 'tables analysed');
    } finally {
      stop();
    }
    const analysed = await lastAnalyze(table);
    await insert(quoted, 2_001, 6_000);
    await reportCounts();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await lastAnalyze(table)).toEqual(analysed);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
