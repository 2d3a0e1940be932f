import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { createRateLimitsRepository } from '../../server/repositories/rateLimits';
import { freshDb } from './helpers';

describe('rate_limits: one windowed counter for every throttle', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db?.close());

  const hitsOf = async (bucket: string, key: string) =>
    (
      await db.query<{ hits: number }>(
        'SELECT hits FROM rate_limits WHERE bucket = $1 AND key = $2',
        [bucket, key],
      )
    ).rows[0]?.hits;

  it('deletes finished windows now and then, not on every hit', async () => {
    await db.query(
      `INSERT INTO rate_limits (bucket, key, hits, window_start)
       VALUES ('old', 'a', 3, now() - interval '2 days'), ('old', 'b', 3, now() - interval '1 hour')`,
    );
    const rateLimits = createRateLimitsRepository(db);
    await rateLimits.hit('other', 'x', 5, 60);
    expect(await hitsOf('old', 'a')).toBeUndefined();
    expect(await hitsOf('old', 'b')).toBe(3);
    await db.query(
      `INSERT INTO rate_limits (bucket, key, hits, window_start)
       VALUES ('old', 'c', 3, now() - interval '2 days')`,
    );
    await rateLimits.hit('other', 'x', 5, 60);
    expect(await hitsOf('old', 'c')).toBe(3); // pruned again only minutes later
  });

  it('counts up to the limit, refuses past it without counting, then starts a new window', async () => {
    const rateLimits = createRateLimitsRepository(db);
    for (let i = 0; i < 3; i++) {
      expect(await rateLimits.hit('t', 'k', 3, 600)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    const refused = await rateLimits.hit('t', 'k', 3, 600);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await hitsOf('t', 'k')).toBe(3);

    await db.query(
      `UPDATE rate_limits SET window_start = now() - interval '601 seconds' WHERE key = 'k'`,
    );
    expect((await rateLimits.hit('t', 'k', 3, 600)).allowed).toBe(true);
    expect(await hitsOf('t', 'k')).toBe(1);
  });

  it('undo takes one hit back; clear forgets the key', async () => {
    const rateLimits = createRateLimitsRepository(db);
    await rateLimits.hit('u', 'k', 3, 600);
    await rateLimits.hit('u', 'k', 3, 600);
    await rateLimits.undo('u', 'k');
    expect(await hitsOf('u', 'k')).toBe(1);
    await rateLimits.clear('u', 'k');
    expect(await hitsOf('u', 'k')).toBeUndefined();
  });
});
