import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { freshDb } from '../helpers';

describe('copyFrom (COPY … FROM with CSV text)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
    await db.exec('CREATE TABLE copy_probe (n integer NOT NULL, label text, doc jsonb)');
  });
  afterAll(() => db.close());

  it('loads every row, quoting and JSON included, on the pool and inside a transaction', async () => {
    const csv = ['1,"plain",{}', '2,"with, comma and ""quotes""","{""a"": 1}"', '3,,null'].join(
      '\n',
    );
    await db.copyFrom('copy_probe', ['n', 'label', 'doc'], csv);
    await db.transaction((tx) => tx.copyFrom('copy_probe', ['n', 'label'], '4,"in tx"'));
    const rows = (
      await db.query<{ n: number; label: string | null; doc: unknown }>(
        'SELECT n, label, doc FROM copy_probe ORDER BY n',
      )
    ).rows;
    expect(rows).toEqual([
      { n: 1, label: 'plain', doc: {} },
      { n: 2, label: 'with, comma and "quotes"', doc: { a: 1 } },
      { n: 3, label: null, doc: null },
      { n: 4, label: 'in tx', doc: null },
    ]);
  });

  it('rolls the copied rows back with the transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.copyFrom('copy_probe', ['n'], '100\n101');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const r = await db.query<{ c: number }>(
      'SELECT count(*)::int AS c FROM copy_probe WHERE n >= 100',
    );
    expect(r.rows[0]!.c).toBe(0);
  });
});
