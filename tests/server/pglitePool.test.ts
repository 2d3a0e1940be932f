import { inject, describe, expect, it } from 'vitest';
import { count, createTestApp } from './helpers';
import { poolCounts, pooledPglite } from './pglitePool';

// The API tests reuse PGlite databases (./pglitePool.ts): a database handed out again must be
// exactly as the migrations left it, or one test's rows would leak into the next.
// Embedded database only: the pool is of PGlite databases (the PostgreSQL pass has none).
const snapshot = inject('pgliteSnapshot');

describe('the pool of PGlite test databases', () => {
  it('hands out a closed database again with none of its rows, sequences or session left', async () => {
    const first = await pooledPglite(snapshot);
    const migrations = await count(first, 'schema_migrations');
    expect(migrations).toBeGreaterThan(0);
    await first.query(`INSERT INTO companies (name) VALUES ('Left Behind Ltd')`);
    await first.query(`UPDATE admin_area_settings SET require_two_factor = true`);
    const seq = (
      await first.query<{ name: string }>(
        `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences LIMIT 1`,
      )
    ).rows[0]!.name;
    const before = (await first.query<{ v: string }>(`SELECT nextval($1)::text AS v`, [seq]))
      .rows[0]!.v;
    await first.query(`SELECT nextval($1)`, [seq]);
    await first.exec(`SET TIME ZONE 'Africa/Lagos'; CREATE TEMP TABLE scratch (x int)`);
    await first.query(`SELECT pg_advisory_lock(42)`);
    const probe = 'SELECT $1::int AS x';
    expect((await first.queryPrepared(probe, [1])).rows).toEqual([{ x: 1 }]);
    await first.close();
    await expect(first.query('SELECT 1')).rejects.toThrow('closed');

    const reused = poolCounts.reused;
    const second = await pooledPglite(snapshot);
    try {
      expect(poolCounts.reused).toBe(reused + 1);
      // No statement prepared by the last test is left, and the new Db prepares its own.
      expect(await count(second, 'pg_prepared_statements')).toBe(0);
      expect((await second.queryPrepared(probe, [2])).rows).toEqual([{ x: 2 }]);
      expect(await count(second, 'pg_prepared_statements')).toBe(1);
      expect(await count(second, 'companies')).toBe(0);
      expect(await count(second, 'schema_migrations')).toBe(migrations);
      const settings = await second.query<{ on: boolean }>(
        `SELECT require_two_factor AS on FROM admin_area_settings`,
      );
      expect(settings.rows).toEqual([{ on: false }]);
      expect(
        (await second.query<{ v: string }>(`SELECT nextval($1)::text AS v`, [seq])).rows[0]!.v,
      ).toBe(before);
      expect((await second.query<{ tz: string }>(`SHOW TIME ZONE`)).rows[0]!.tz).not.toBe(
        'Africa/Lagos',
      );
      await expect(second.query('SELECT * FROM scratch')).rejects.toThrow(/scratch/);
      const lock = await second.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(42) AS ok`);
      expect(lock.rows[0]!.ok).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('does not hand out again a database whose schema a test changed', async () => {
    const changed = await pooledPglite(snapshot);
    await changed.exec(`CREATE TABLE extra (x int); ALTER TABLE companies ADD COLUMN note text`);
    await changed.close();
    const { opened, reused } = poolCounts;
    const next = await pooledPglite(snapshot);
    try {
      // Either a new one, or one closed unchanged earlier: never the changed one.
      expect(poolCounts.opened + poolCounts.reused).toBe(opened + reused + 1);
      await expect(next.query('SELECT * FROM extra')).rejects.toThrow(/extra/);
      await expect(next.query('SELECT note FROM companies')).rejects.toThrow(/note/);
    } finally {
      await next.close();
    }
  });

  it('reuses a database an app ran on (its queues made again), keeping its rows out', async () => {
    const a = await createTestApp();
    await a.db.query(`INSERT INTO companies (name) VALUES ('First App Ltd')`);
    await a.app.queue.send('cleanup', {});
    await a.close();
    const reused = poolCounts.reused;
    const b = await createTestApp();
    try {
      expect(poolCounts.reused).toBe(reused + 1);
      expect(await count(b.db, 'companies')).toBe(0);
      // The new app's queue works on the reused database.
      await b.app.queue.send('cleanup', {});
    } finally {
      await b.close();
    }
  });
});
