import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../../server/db';
import { openPglite } from '../../../server/db/pglite';
import { openPgliteInWorker } from '../../../server/db/pgliteWorker';
import { emptyDb } from '../helpers';

/** Each implementation of `Db`; PostgreSQL in the pass that has DATABASE_URL. */
const implementations: { name: string; open: () => Promise<Db> }[] = [
  { name: 'PGlite in process', open: () => openPglite() },
  {
    name: 'PGlite on its thread',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'after-commit-'));
      const db = await openPgliteInWorker(path.join(dir, 'pglite'));
      return {
        ...db,
        close: async () => {
          await db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', open: emptyDb }] : []),
];

describe.each(implementations)('after-commit work on $name', ({ open }) => {
  let db: Db;
  let nextId = 0;
  beforeAll(async () => {
    db = await open();
    await db.exec(`CREATE TABLE after_probe (id int PRIMARY KEY);
      CREATE TABLE after_deferred (id int,
        CONSTRAINT after_deferred_once UNIQUE (id) DEFERRABLE INITIALLY DEFERRED)`);
  });
  afterAll(() => db?.close());

  /** Whether row `id` is there, asked by the database itself (another connection on PostgreSQL). */
  const found = async (id: number) =>
    (await db.query('SELECT 1 FROM after_probe WHERE id = $1', [id])).rows.length === 1;

  it('runs once the transaction has committed, and the work then finds its writes', async () => {
    const id = ++nextId;
    const calls: Promise<boolean>[] = [];
    let callsAtEndOfTransaction = -1;
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO after_probe VALUES ($1)', [id]);
      tx.afterCommit(() => void calls.push(found(id)));
      callsAtEndOfTransaction = calls.length;
      return 'done';
    });
    expect(result).toBe('done');
    expect(callsAtEndOfTransaction).toBe(0);
    expect(calls).toHaveLength(1);
    expect(await calls[0]).toBe(true);
  });

  it('waits for the outermost commit when a layer in between registers it', async () => {
    const [first, second] = [++nextId, ++nextId];
    const seen: Promise<boolean[]>[] = [];
    // A step given the transaction (as services are) registers its work and returns; the
    // transaction goes on writing after it.
    const step = async (tx: Queryable) => {
      await tx.query('INSERT INTO after_probe VALUES ($1)', [first]);
      tx.afterCommit(() => void seen.push(Promise.all([found(first), found(second)])));
    };
    // A layer over the database (as tests and `openDb` make), its transaction the inner one's.
    const layer: Db = {
      ...db,
      transaction: (fn) => db.transaction((tx) => fn({ ...tx, query: tx.query })),
    };
    await layer.transaction(async (tx) => {
      await step(tx);
      expect(seen).toHaveLength(0);
      await tx.query('INSERT INTO after_probe VALUES ($1)', [second]);
    });
    expect(seen).toHaveLength(1);
    expect(await seen[0]).toEqual([true, true]);
  });

  it('never runs when the transaction rolls back', async () => {
    const id = ++nextId;
    let ran = 0;
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO after_probe VALUES ($1)', [id]);
        tx.afterCommit(() => void ran++);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toBe(0);
    expect(await found(id)).toBe(false);
  });

  it('never runs when COMMIT fails (a deferred constraint broken)', async () => {
    let ran = 0;
    const err = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO after_deferred VALUES (1), (1)');
        tx.afterCommit(() => void ran++);
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505' });
    expect(ran).toBe(0);
  });

  it('rejects, and never runs the work, when a failed statement turned COMMIT into ROLLBACK', async () => {
    const id = ++nextId;
    let ran = 0;
    const err = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO after_probe VALUES ($1)', [id]);
        tx.afterCommit(() => void ran++);
        // Caught, so the function resolves; the transaction is aborted all the same.
        await tx.query('SELECT 1/0').catch(() => undefined);
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '25P02' });
    expect(ran).toBe(0);
    expect(await found(id)).toBe(false);
  });

  it('resolves a committed transaction whatever its work throws, and reports what it threw', async () => {
    const id = ++nextId;
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on('warning', onWarning);
    try {
      let later = 0;
      const result = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO after_probe VALUES ($1)', [id]);
        tx.afterCommit(() => {
          throw new Error('thrown after commit');
        });
        tx.afterCommit(() => Promise.reject(new Error('rejected after commit')));
        tx.afterCommit(() => void later++);
        return id;
      });
      expect(result).toBe(id);
      expect(later).toBe(1);
      expect(await found(id)).toBe(true);
      await expect
        .poll(() => warnings.map((w) => w.message).sort())
        .toEqual(['rejected after commit', 'thrown after commit']);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('runs at once on the database itself, whose statements commit as they run', async () => {
    let ran = 0;
    db.afterCommit(() => void ran++);
    expect(ran).toBe(1);
  });
});
