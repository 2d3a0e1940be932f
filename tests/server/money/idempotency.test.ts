import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db';
import { badRequest } from '../../../server/errors';
import idempotency, { idempotencyKeyPattern } from '../../../server/plugins/app/idempotency';
import { createIdempotencyRepository } from '../../../server/repositories/idempotency';
import { freshDb } from '../helpers';

/**
 * `Idempotency-Key` on its own: the hook over a database of its own, in front of routes that
 * count their runs, so each rule shows as the number of times a handler ran. (The money routes'
 * retries through the whole app are in transactions.test.ts and partnerPayouts.test.ts.)
 */

let db: Db;
let app: FastifyInstance;
let repo: ReturnType<typeof createIdempotencyRepository>;
const accounts: string[] = [];
let runs = 0;
let inside = false;

async function newAccount() {
  const r = await db.query<{ id: string }>(
    `INSERT INTO accounts (unique_code, role, first_name, last_name, email, password_hash)
     VALUES ($1, 'company', 'Ada', 'Obi', $2, 'x') RETURNING id`,
    [randomUUID(), `${randomUUID()}@example.ng`],
  );
  return r.rows[0]!.id;
}

/** The hook's dependencies in the app: the signed-in account (`x-account`) and the repositories. */
function dependencies(target: FastifyInstance) {
  return Promise.all([
    target.register(
      fp(
        async (a) => {
          a.decorateRequest('account', null as never);
          a.addHook('onRequest', async (request) => {
            request.account = { id: request.headers['x-account'] } as never;
          });
        },
        { name: 'access' },
      ),
    ),
    target.register(
      fp(
        async (a) => {
          a.decorate('repos', { idempotency: repo } as never);
        },
        { name: 'services' },
      ),
    ),
  ]);
}

/**
 * Started by the first request rather than in `beforeAll`: a hook the plugin fails to register
 * then fails the tests (a failing `beforeAll` is not a failed test to Stryker).
 */
let started: Promise<void> | undefined;
const start = () => (started ??= startApp());

async function startApp() {
  db = await freshDb();
  repo = createIdempotencyRepository(db);
  accounts.push(await newAccount(), await newAccount());
  app = Fastify();
  await dependencies(app);
  await app.register(idempotency);
  // A file's bytes as the body, as multipart uploads give them.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_r, body, done) =>
    done(null, { file: body }),
  );
  app.post('/pay', { config: { idempotent: true } }, async (request, reply) => {
    runs++;
    const body = request.body as {
      amount?: number;
      fail?: boolean;
      slow?: boolean;
      status?: number;
    };
    if (body.fail) throw badRequest('amount is too large');
    if (body.slow && !inside) {
      // The same request again while this one runs.
      inside = true;
      const second = await send({ slow: true }, 'slow-1');
      return { run: runs, second: second.statusCode, secondBody: second.json() };
    }
    return reply.code(body.status ?? 201).send({ run: runs, amount: body.amount });
  });
  app.post('/free', async () => ({ run: ++runs }));
  await app.ready();
}
afterAll(async () => {
  if (!started) return;
  await app.close();
  await db.close();
});

const send = async (
  body: object | Buffer | unknown[],
  key?: string | string[],
  url = '/pay',
  account?: string,
) => {
  await start();
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'x-account': account ?? accounts[0]!,
      ...(Buffer.isBuffer(body) ? { 'content-type': 'application/octet-stream' } : {}),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body as object,
  });
};

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry, with its status and a replay header, running once', async () => {
    const first = await send({ amount: 5, note: { b: 1, a: 2 } }, 'k-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const retry = await send({ note: { a: 2, b: 1 }, amount: 5 }, 'k-1');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(first.json()).toEqual({ run: runs, amount: 5 });
  });

  it('refuses the key with another body (422) or another URL, running nothing', async () => {
    const before = runs;
    await send({ amount: 5 }, 'k-2');
    const other = await send({ amount: 6 }, 'k-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'This Idempotency-Key was used for a different request: use a new key for a new request',
    );
    expect((await send({ amount: 5 }, 'k-2', '/pay?x=1')).statusCode).toBe(422);
    expect(runs).toBe(before + 1);
  });

  it('keeps keys per account: another account with the same key runs anew', async () => {
    const before = runs;
    await send({ amount: 7 }, 'shared');
    const other = await send({ amount: 7 }, 'shared', '/pay', accounts[1]);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before + 2);
  });

  it('gives a failed request its key back, so that the retry runs', async () => {
    const before = runs;
    expect((await send({ fail: true }, 'k-3')).statusCode).toBe(400);
    expect((await send({ fail: true }, 'k-3')).statusCode).toBe(400);
    expect(runs).toBe(before + 2);
    // Given back before the answer leaves: a client that reads the refusal finds no row (the
    // fuzz test's digest of every table, taken as soon as a refusal arrives, relies on it).
    const stored = await db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', ['k-3']);
    expect(stored.rows).toEqual([]);
  });

  it('answers 409 to a retry while the first is still running', async () => {
    const r = await send({ slow: true }, 'slow-1');
    expect(r.json()).toMatchObject({
      second: 409,
      secondBody: {
        message: 'A request with this Idempotency-Key is still being processed: retry shortly',
      },
    });
  });

  it('runs every time without a key, and ignores a key on a route that does not declare it', async () => {
    const before = runs;
    await send({ amount: 1 });
    await send({ amount: 1 });
    await send({}, 'free-1', '/free');
    const again = await send({}, 'free-1', '/free');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before + 4);
  });

  it.each(['', 'with space', 'é', 'x'.repeat(256)])('refuses the key %j with 400', async (key) => {
    const before = runs;
    const r = await send({ amount: 1 }, key);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    expect(runs).toBe(before);
  });

  it('takes 1 to 255 visible ASCII characters', () => {
    for (const key of ['a', '~', '!', 'x'.repeat(255), 'order:42/retry#1']) {
      expect(idempotencyKeyPattern.test(key), key).toBe(true);
    }
    for (const key of ['', ' ', 'a b', '\x7f', 'x'.repeat(256), 'ключ']) {
      expect(idempotencyKeyPattern.test(key), key).toBe(false);
    }
  });
});

describe('what is stored, and what a key must be', () => {
  it('stores a 2xx answer only: a 200 is replayed, a 300 or an answered 400 runs again', async () => {
    const before = runs;
    await send({ status: 200 }, 's-200');
    const replayed = await send({ status: 200 }, 's-200');
    expect([replayed.statusCode, replayed.headers['idempotent-replayed']]).toEqual([200, 'true']);
    for (const status of [300, 400]) {
      await send({ status }, `s-${status}`);
      const again = await send({ status }, `s-${status}`);
      expect([again.statusCode, again.headers['idempotent-replayed']]).toEqual([status, undefined]);
    }
    expect(runs).toBe(before + 5);
  });

  it('writes nothing for a request without a key', async () => {
    await start();
    const complete = vi.spyOn(repo, 'complete');
    const release = vi.spyOn(repo, 'release');
    try {
      await send({ amount: 1 });
      await send({}, undefined, '/free');
      expect([complete.mock.calls, release.mock.calls]).toEqual([[], []]);
      // A stored answer is not released after.
      await send({ amount: 1 }, 'w-1');
      expect(complete).toHaveBeenCalledTimes(1);
      expect(release).not.toHaveBeenCalled();
    } finally {
      complete.mockRestore();
      release.mockRestore();
    }
  });

  it('refuses a key sent twice with 400', async () => {
    const r = await send({ amount: 1 }, ['twice-1', 'twice-2']);
    expect(r.statusCode).toBe(400);
  });

  it('tells a list from an object with the same numbered keys, and one file from another', async () => {
    await send([1, 2], 'list-1');
    expect((await send({ 0: 1, 1: 2 }, 'list-1')).statusCode).toBe(422);
    const file = Buffer.from('name,state\nAda,lagos\n');
    expect((await send(file, 'file-1')).statusCode).toBe(201);
    expect((await send(Buffer.from(file), 'file-1')).headers['idempotent-replayed']).toBe('true');
    expect((await send(Buffer.from('name,state\nAda,oyo\n'), 'file-1')).statusCode).toBe(422);
  });

  it('needs the signed-in account and the repositories, and is found by its name', async () => {
    const bare = Fastify();
    await expect(bare.register(idempotency).ready()).rejects.toThrow(/access/);
    await bare.close();
    const withDeps = Fastify();
    await dependencies(withDeps);
    await withDeps.register(idempotency).ready();
    expect(withDeps.hasPlugin('idempotency')).toBe(true);
    await withDeps.close();
  });
});

describe('the keys repository', () => {
  it('claims a key once, answers the stored row after, and releases only an open claim', async () => {
    await start();
    const [a, b] = accounts as [string, string];
    expect(await repo.claim(a, 'r-1', 'h1')).toBeUndefined();
    expect(await repo.claim(a, 'r-1', 'h2')).toEqual({
      request_hash: 'h1',
      status_code: null,
      body: null,
    });
    expect(await repo.claim(b, 'r-1', 'h3')).toBeUndefined();
    await repo.complete(a, 'r-1', 200, '{"ok":true}');
    await repo.release(a, 'r-1');
    expect(await repo.claim(a, 'r-1', 'h1')).toEqual({
      request_hash: 'h1',
      status_code: 200,
      body: '{"ok":true}',
    });
    // b's claim is still open: released, the key is free again.
    await repo.release(b, 'r-1');
    expect(await repo.claim(b, 'r-1', 'h4')).toBeUndefined();
  });
});
