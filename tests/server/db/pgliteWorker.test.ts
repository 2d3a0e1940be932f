import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { openPgliteInWorker } from '../../../server/db/pgliteWorker';

// The embedded database on its own thread, as `npm start` runs it. It runs in the PostgreSQL
// pass too: this is PGlite whatever DATABASE_URL says.
describe('PGlite on a thread of its own', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pglite-worker-'));
    db = await openPgliteInWorker(path.join(dir, 'pglite'));
    await db.exec(`CREATE TABLE probe (id int PRIMARY KEY, label text NOT NULL UNIQUE,
                     at timestamptz, data bytea, n bigint)`);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers queries with their values intact: instants, bytes, nulls, arrays, JSON', async () => {
    const at = new Date('2026-03-01T10:00:00.123Z');
    await db.query('INSERT INTO probe VALUES ($1, $2, $3, $4, $5)', [
      1,
      'one "quoted", \\ back',
      at,
      new Uint8Array([0, 1, 255]),
      2 ** 40,
    ]);
    const r = await db.query<Record<string, unknown>>(
      `SELECT id, label, at, data, n, ARRAY[1, 2] AS arr, '{"a": [1]}'::jsonb AS doc, NULL AS nothing
         FROM probe WHERE id = $1`,
      [1],
    );
    expect(r.rows[0]).toEqual({
      id: 1,
      label: 'one "quoted", \\ back',
      at,
      data: new Uint8Array([0, 1, 255]),
      n: 2 ** 40,
      arr: [1, 2],
      doc: { a: [1] },
      nothing: null,
    });
    const updated = await db.query(`UPDATE probe SET n = n + 1 WHERE id = ANY($1::int[])`, [
      [1, 2],
    ]);
    expect(updated.rowCount).toBe(1);
    const prepared = await db.queryPrepared('SELECT label FROM probe WHERE id = $1', [1]);
    expect(prepared.rows).toEqual([{ label: 'one "quoted", \\ back' }]);
  });

  it("passes a database error's code and constraint to the caller", async () => {
    const err = await db
      .query(`INSERT INTO probe (id, label) VALUES (2, 'one "quoted", \\ back')`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 'probe_label_key' });
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO probe (id, label) VALUES (10, 'kept')`);
      await tx.copyFrom('probe', ['id', 'label'], '11,copied\n12,"with, comma"\n');
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM probe')).rows[0]!.n;
    });
    expect(result).toBe(4);
    const failed = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO probe (id, label) VALUES (20, 'rolled back')`);
      throw new Error('changed my mind');
    });
    await expect(failed).rejects.toThrow('changed my mind');
    const broken = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO probe (id, label) VALUES (21, 'also rolled back')`);
      await tx.query(`INSERT INTO probe (id, label) VALUES (21, 'same id')`);
    });
    await expect(broken).rejects.toMatchObject({ code: '23505' });
    const labels = await db.query<{ label: string }>('SELECT label FROM probe ORDER BY id');
    expect(labels.rows.map((r) => r.label)).toEqual([
      'one "quoted", \\ back',
      'kept',
      'copied',
      'with, comma',
    ]);
  });

  it('holds other statements until an open transaction ends, as PGlite does', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (q) => {
      await q.query(`UPDATE probe SET label = 'during' WHERE id = 10`);
      await held;
      await q.query(`UPDATE probe SET label = 'after' WHERE id = 10`);
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ label: string }>('SELECT label FROM probe WHERE id = 10');
    const seen = await Promise.race([
      outside.then((r) => r.rows[0]!.label),
      new Promise((r) => setTimeout(() => r('still waiting'), 100)),
    ]);
    expect(seen).toBe('still waiting');
    release();
    await tx;
    expect((await outside).rows[0]!.label).toBe('after');
  });

  it('answers many calls at once, each with its own result', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        db.queryPrepared<{ v: number }>('SELECT $1::int * 2 AS v', [i]),
      ),
    );
    expect(answers.map((a) => a.rows[0]!.v)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });
});

describe('a database thread that cannot start', () => {
  it('rejects the opening with the reason', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'pglite-worker-')), 'a-file');
    rmSync(file, { force: true });
    await import('node:fs').then((fs) => fs.writeFileSync(file, 'not a folder'));
    await expect(openPgliteInWorker(file)).rejects.toThrow();
  });
});
