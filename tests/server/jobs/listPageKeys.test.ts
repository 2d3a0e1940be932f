import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../../server/db';
import { createJobsRepository, type JobScope } from '../../../server/repositories/jobs';
import {
  ListMemos,
  keyEvery,
  maxRememberedLists,
  type ListMemo,
} from '../../../server/repositories/jobsPageKeys';
import { createUser, freshDb } from '../helpers';

const memo = (version: string): ListMemo => ({ version, keys: new Map(), ended: new Set() });

describe('remembered lists of the jobs list', () => {
  it('keeps at most its limit, dropping the least recently read', () => {
    const memos = new ListMemos(3);
    for (const name of ['a', 'b', 'c']) memos.set(name, memo(name));
    memos.get('a');
    memos.set('d', memo('d'));
    expect(memos.size).toBe(3);
    expect(memos.get('b')).toBeUndefined();
    expect(memos.get('a')?.version).toBe('a');
    expect(memos.get('d')?.version).toBe('d');
  });

  it('keeps at most its number of boundaries in all, dropping the least recently read lists', () => {
    const memos = new ListMemos(100, 1_000);
    const withKeys = (n: number): ListMemo => ({
      ...memo(String(n)),
      keys: new Map([
        ['code ASC', Array.from({ length: n }, (_, i) => ({ key: `k${i}`, id: 'x' }))],
      ]),
    });
    for (let i = 0; i < 10; i++) memos.set(`list ${i}`, withKeys(300));
    expect(memos.keys).toBeLessThanOrEqual(1_000);
    expect(memos.size).toBe(3);
    expect(memos.get('list 9')).toBeDefined();
    expect(memos.get('list 6')).toBeUndefined();
    // One list bigger than the bound alone is kept: it is the one being read.
    memos.set('huge', withKeys(5_000));
    expect(memos.size).toBe(1);
    expect(memos.keys).toBe(5_000);
  });

  it('is bounded by default, whatever filters a caller sends', () => {
    const memos = new ListMemos();
    for (let i = 0; i < maxRememberedLists * 3; i++) memos.set(`list ${i}`, memo(String(i)));
    expect(memos.size).toBe(maxRememberedLists);
  });
});

describe('a deep page read twice', () => {
  let db: Db;
  let scope: JobScope;
  const statements: string[] = [];

  beforeAll(async () => {
    db = await freshDb();
    const owner = (await createUser(db, { role: 'company' })).account;
    scope = { kind: 'company', companyId: owner.company_id! };
    await db.query(
      `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields)
       SELECT 'address', $1, $2, 'lagos', 'Ikeja', 'Name ' || md5(i::text), '{}'::jsonb
         FROM generate_series(1, ${keyEvery * 6}) i`,
      [owner.company_id, owner.id],
    );
  });
  afterAll(() => db.close());

  /** The database, each statement's text noted. */
  const noting = (): Queryable => ({
    ...db,
    query: (sql, params) => (statements.push(sql), db.query(sql, params)),
    queryPrepared: (sql, params) => (statements.push(sql), db.queryPrepared(sql, params)),
  });

  it('walks to its boundary once, then seeks past it in one statement until a job is written', async () => {
    const jobs = createJobsRepository(noting());
    const sort = { field: 'subject_name', order: 'ASC' } as const;
    const reference = async (offset: number) =>
      (
        await db.query<{ id: string }>(
          `SELECT id FROM jobs WHERE company_id = $1 ORDER BY subject_name, id OFFSET $2 LIMIT 25`,
          [scope.kind === 'company' && scope.companyId, offset],
        )
      ).rows.map((r) => r.id);
    const ids = (json: string) => (JSON.parse(json) as { id: string }[]).map((j) => j.id);

    const offset = keyEvery * 2 + 10;
    const first = await jobs.listPage(scope, {}, sort, offset, 25);
    expect(ids(first.json)).toEqual(await reference(offset));
    statements.length = 0;
    const again = await jobs.listPage(scope, {}, sort, offset, 25);
    expect(ids(again.json)).toEqual(await reference(offset));
    // One statement: the page past the boundary, no walk, no counting.
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/\(j\.subject_name, j\.id\) > \(\$\d+::text, \$\d+::uuid\)/);

    await db.query(`UPDATE jobs SET subject_name = 'A first' WHERE id = $1`, [
      (await reference(offset + 30))[0],
    ]);
    statements.length = 0;
    const after = await jobs.listPage(scope, {}, sort, offset, 25);
    expect(ids(after.json)).toEqual(await reference(offset));
    // The page read at the old boundaries came back at another version: walked again, read again.
    expect(statements.length).toBeGreaterThan(1);
  });
});
