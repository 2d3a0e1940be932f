import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../../server/db';
import { createIdempotencyRepository } from '../../../server/repositories/idempotency';
import { createUser, freshDb } from '../helpers';

/**
 * The same Idempotency-Key in flight in two requests (two API processes, or one): the second's
 * claim finds the first's row taken, and reads it in a second statement. If the first request
 * failed in between, its key was given back: the second must claim it then, not run unclaimed
 * (its answer would never be stored and a retry would run the request a second time).
 */
describe('claiming an Idempotency-Key another request gives back meanwhile', () => {
  let db: Db;
  let accountId: string;
  beforeAll(async () => {
    db = await freshDb();
    accountId = (await createUser(db)).account.id;
  });
  afterAll(() => db?.close());

  /** `db`, except that the first claim's INSERT is followed by the other request's release. */
  function releasedAfterFirstInsert(key: string): Queryable {
    let released = false;
    return {
      ...db,
      async query(sql, params) {
        const result = await db.query(sql, params);
        if (!released && /INSERT INTO idempotency_keys/.test(sql)) {
          released = true;
          await createIdempotencyRepository(db).release(accountId, key);
        }
        return result as never;
      },
    };
  }

  it('holds the key once it answers that it was claimed', async () => {
    const repo = createIdempotencyRepository(db);
    expect(await repo.claim(accountId, 'first-key', 'hash-1')).toBeUndefined(); // the first request
    const second = createIdempotencyRepository(releasedAfterFirstInsert('first-key'));
    expect(await second.claim(accountId, 'first-key', 'hash-1')).toBeUndefined();
    // Claimed for real: a third request with the key finds it in flight, not free.
    expect(await repo.claim(accountId, 'first-key', 'hash-1')).toEqual({
      request_hash: 'hash-1',
      status_code: null,
      body: null,
    });
  });
});
