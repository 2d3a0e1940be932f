import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { freshDb } from '../helpers';

describe('queryPrepared (a statement planned once per connection)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await db.exec(`CREATE TABLE prepared_probe (id uuid PRIMARY KEY, label text, at timestamptz);
      INSERT INTO prepared_probe VALUES
        ('00000000-0000-0000-0000-000000000001', 'one "quoted", \\ back', '2026-03-01T10:00:00Z'),
        ('00000000-0000-0000-0000-000000000002', NULL, '2026-03-02T10:00:00Z')`);
  });
  afterAll(() => db.close());

  const sql = `SELECT id, label, at FROM prepared_probe
    WHERE id = ANY($1::uuid[]) AND at >= $2 AND (label = $3 OR $3 IS NULL) ORDER BY id`;

  it('answers as query does, call after call, with arrays, instants, nulls and quotes', async () => {
    const cases: unknown[][] = [
      [['00000000-0000-0000-0000-000000000001'], new Date('2026-01-01T00:00:00Z'), null],
      [
        ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'],
        new Date('2026-03-02T00:00:00Z'),
        null,
      ],
      [['00000000-0000-0000-0000-000000000001'], new Date(0), 'one "quoted", \\ back'],
      [[], new Date(0), null],
    ];
    for (const params of cases) {
      const prepared = await db.queryPrepared(sql, params);
      expect(prepared.rows).toEqual((await db.query(sql, params)).rows);
    }
    const all = await db.queryPrepared(sql, [
      ['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002'],
      new Date(0),
      null,
    ]);
    expect(all.rows.map((r) => r.label)).toEqual(['one "quoted", \\ back', null]);
  });

  it('fails on a bad value like query does, and keeps working afterwards', async () => {
    const fresh = 'SELECT label FROM prepared_probe WHERE id = $1';
    await expect(db.queryPrepared(fresh, ['not-a-uuid'])).rejects.toThrow(/uuid/);
    const r = await db.queryPrepared(fresh, ['00000000-0000-0000-0000-000000000002']);
    expect(r.rows).toEqual([{ label: null }]);
    await expect(db.queryPrepared('SELECT nope FROM prepared_probe', [])).rejects.toThrow(/nope/);
    expect((await db.queryPrepared(fresh, ['00000000-0000-0000-0000-000000000003'])).rows).toEqual(
      [],
    );
  });

  it('runs inside a transaction and sees its writes', async () => {
    const label = await db
      .transaction(async (tx) => {
        await tx.query("UPDATE prepared_probe SET label = 'in tx' WHERE at < '2026-03-02'");
        const r = await tx.queryPrepared<{ label: string }>(
          'SELECT label FROM prepared_probe WHERE id = $1',
          ['00000000-0000-0000-0000-000000000001'],
        );
        throw Object.assign(new Error('roll back'), { label: r.rows[0]?.label });
      })
      .catch((e: { label?: string }) => e.label);
    expect(label).toBe('in tx');
    const after = await db.queryPrepared<{ label: string }>(
      'SELECT label FROM prepared_probe WHERE id = $1',
      ['00000000-0000-0000-0000-000000000001'],
    );
    expect(after.rows[0]!.label).toBe('one "quoted", \\ back');
  });

  it('prepares a statement again after its table changed shape (a migration added a column)', async () => {
    await db.exec('CREATE TABLE reshaped_probe (id integer PRIMARY KEY)');
    await db.exec('INSERT INTO reshaped_probe VALUES (1)');
    const star = 'SELECT * FROM reshaped_probe WHERE id = $1';
    expect((await db.queryPrepared(star, [1])).rows).toEqual([{ id: 1 }]);
    await db.exec('ALTER TABLE reshaped_probe ADD COLUMN note text');
    expect((await db.queryPrepared(star, [1])).rows).toEqual([{ id: 1, note: null }]);
    expect((await db.queryPrepared(star, [1])).rows).toEqual([{ id: 1, note: null }]);
  });

  it('plans its statements once for any values, and only its own', async () => {
    const mode = "SELECT current_setting('plan_cache_mode') AS mode WHERE $1::int = 1";
    expect((await db.queryPrepared(mode, [1])).rows).toEqual([{ mode: 'force_generic_plan' }]);
    expect((await db.query(mode, [1])).rows).toEqual([{ mode: 'auto' }]);
    // A failed prepared statement leaves no generic planning behind for the next query.
    await expect(db.queryPrepared('SELECT $1::int / 0', [1])).rejects.toThrow(/division/);
    expect((await db.query(mode, [1])).rows).toEqual([{ mode: 'auto' }]);
  });
});
