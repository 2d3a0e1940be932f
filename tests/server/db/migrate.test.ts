import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';
import { count, emptyDb } from '../helpers';

const versions = readdirSync(new URL('../../../server/migrations/', import.meta.url))
  .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

describe('migrate()', () => {
  let db: Db;
  beforeAll(async () => {
    db = await emptyDb();
  });
  afterAll(() => db?.close());

  it('applies every migration, in order, to a new database', async () => {
    expect(versions[0]).toBe('0001_foundation');
    expect(await migrate(db)).toEqual(versions);
    const r = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(r.rows.map((row) => row.version)).toEqual(versions);
  });

  it('applies nothing the second time', async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await count(db, 'schema_migrations')).toBe(versions.length);
  });

  it('creates the foundation tables', async () => {
    const r = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(r.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'schema_migrations',
        'companies',
        'accounts',
        'sessions',
        'refresh_tokens',
        'one_time_tokens',
        'mail_outbox',
        'rate_limits',
      ]),
    );
  });

  it('makes emails unique without regard to case', async () => {
    const insert = (email: string, code: string) =>
      db.query(
        `INSERT INTO accounts (unique_code, role, first_name, last_name, email, password_hash)
         VALUES ($1, 'admin', 'A', 'B', $2, 'x')`,
        [code, email],
      );
    await insert('Same@Example.ng', 'T-1');
    await expect(insert('same@example.NG', 'T-2')).rejects.toMatchObject({ code: '23505' });
  });

  it('rolls back a failing transaction, so that a broken migration leaves no trace', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.exec('CREATE TABLE half_done (id int)');
        await tx.exec('SELECT * FROM no_such_table');
      }),
    ).rejects.toThrow();
    expect(
      await count(
        db,
        `information_schema.tables WHERE table_schema = current_schema() AND table_name = 'half_done'`,
      ),
    ).toBe(0);
  });
});
