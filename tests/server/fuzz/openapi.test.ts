import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../demoSnapshot';
import { errorsLogged, uniqueIp, type TestContext } from '../helpers';
import { callers, demoPools, signInCallers, type Caller } from './callers';
import { fuzzSettings } from './settings';
import {
  operationsOf,
  requestsFor,
  type Document,
  type FuzzOperation,
  type Pools,
} from './requests';
import { changedTables, tableDigester, type Digest } from './tableDigest';

/**
 * Every operation of the OpenAPI document the app serves, called with generated parameters and
 * bodies (valid and not, in other content types too) by every kind of caller, on a copy of the
 * demo: never a 5xx, never a stack trace, and a refused request changes no row. `npm run fuzz`
 * runs it longer with another seed.
 */

const { seed, runsPerOperation } = fuzzSettings();

/**
 * Operations whose accepted call would sign the fuzz's callers out or lock them out for the rest
 * of the run (a session ended, a password changed, two-factor required, an account disabled, a
 * company suspended, a data subject erased): they get only bodies no schema takes (not a JSON
 * object, or not JSON), or, without a body, no signed-in caller.
 */
const disruptive = new Set([
  'POST /api/v2/auth/logout',
  'POST /api/v2/auth/sessions/end-others',
  'PUT /api/v2/auth/2fa/policy/admin-area',
  'PUT /api/v2/auth/2fa/policy/company',
  'PUT /api/v2/setting/change-password',
  'PATCH /api/v2/companies/{id}/status',
  'PATCH /api/v2/user/{id}',
  'PUT /api/v2/users/{id}',
  'POST /api/v2/data-requests/erase',
]);

/** What a stack trace or an internal path looks like in an answer. */
const leaks = [
  /\n\s+at \S/,
  /\bat (?:async )?\S+ \((?:file:|node:|\/)/,
  /node_modules/,
  /\/(?:server|src|tests)\/[\w/.-]+\.[jt]s\b/,
  /\b(?:Type|Reference|Syntax|Range)Error\b/,
  /\berror: (?:syntax error|invalid input|relation|column|duplicate key|null value)/i,
];

let ctx: TestContext;
let doc: Document;
let pools: Pools;
let session: Awaited<ReturnType<typeof signInCallers>>;
let digester: Awaited<ReturnType<typeof tableDigester>>;
/** The digest as of the last statement seen, valid while no transaction id has been taken. */
let known: Digest | undefined;
/** How the run went: answers by status, and the operations that accepted at least once. */
const statuses = new Map<number, number>();
const accepted = new Set<string>();

beforeAll(async () => {
  // Callers are many, and every request comes from an address of its own (`uniqueIp`): only the
  // API key's per-minute limit would stop the run; it is raised here, not lifted in the app.
  ctx = await createDemoTestApp({ apiKeyRequestsPerMinute: 1_000_000 });
  const res = await ctx.app.inject({ url: '/api/v2/docs/json' });
  doc = res.json();
  session = await signInCallers(ctx);
  pools = await demoPools(ctx, session.headersOf('admin'), [session.apiKeyId]);
  digester = await tableDigester(ctx.db);
}, 180_000);
afterAll(() => ctx?.close());

async function digestNow(): Promise<Digest> {
  if (known && known.xmax === (await digester.xmax())) return known;
  known = await digester.digest();
  return known;
}

/** Signed-in staff and companies more often than strangers: they reach past the access check. */
const callerArb = (who: Caller[]) =>
  fc.oneof(
    ...who.map((c) => ({
      weight: c === 'anonymous' || c === 'junk token' ? 1 : 3,
      arbitrary: fc.constant(c),
    })),
  );

const isJsonObject = (payload: string | Buffer | undefined) => {
  try {
    const v: unknown = JSON.parse(String(payload));
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
};

const isText = (type: string | undefined) =>
  !type || /json|text|html|xml|csv|javascript/.test(type);

async function send(
  op: FuzzOperation,
  caller: Caller,
  req: ReturnType<typeof requestsFor> extends fc.Arbitrary<infer R> ? R : never,
) {
  if (process.env.FUZZ_PROGRESS === 'requests')
    console.error(
      `→ ${caller} ${op.method} ${req.url.slice(0, 200)} ${JSON.stringify(req.headers)} ${String(req.payload ?? '').slice(0, 200)}`,
    );
  // What an earlier accepted request writes after its answer (a reset mail, say) lands first.
  await ctx.app.mailer.idle();
  const before = await digestNow();
  const errorsBefore = errorsLogged(ctx.db).length;
  const res = await ctx.app.inject({
    method: op.method as 'GET',
    url: req.url,
    headers: { ...session.headersOf(caller), ...req.headers },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
    remoteAddress: uniqueIp(),
  });
  const what = `${caller}: ${op.method} ${req.url} [${req.bodyKind}] ${String(req.payload ?? '').slice(0, 300)}\n→ ${res.statusCode} ${res.body.slice(0, 500)}`;
  if (res.statusCode >= 500) {
    throw new Error(
      `${what}\nlogged: ${JSON.stringify(errorsLogged(ctx.db).slice(errorsBefore)).slice(0, 3000)}`,
    );
  }
  const type = res.headers['content-type'] as string | undefined;
  if (isText(type)) {
    const leak = leaks.find((re) => re.test(res.body));
    if (leak) throw new Error(`${what}\nleaks ${leak}`);
  }
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode < 300) accepted.add(`${op.method} ${op.path}`);
  if (res.statusCode >= 400) {
    await ctx.app.mailer.idle();
    const after = await digestNow();
    const changed = changedTables(before, after);
    if (changed.length)
      throw new Error(`${what}\nrefused, yet changed rows of ${changed.join(', ')}`);
  } else {
    known = undefined;
  }
  if (res.statusCode === 401 && caller !== 'anonymous' && caller !== 'junk token') {
    await session.renew(caller);
    known = undefined;
  }
}

describe('the checks themselves', () => {
  it('the digest sees a row changed, added or deleted, and not a read or an allowed table', async () => {
    const before = await digestNow();
    await ctx.db.query('SELECT count(*) FROM jobs');
    expect(changedTables(before, await digestNow())).toEqual([]);
    await ctx.db.query(
      `INSERT INTO rate_limits (bucket, key, hits, window_start) VALUES ('fuzz', 'x', 1, now())`,
    );
    await ctx.db.query(`UPDATE api_keys SET last_used_at = now()`);
    expect(changedTables(before, await digestNow())).toEqual([]);
    await ctx.db.query(
      `UPDATE companies SET name = name WHERE id = (SELECT min(id::text)::uuid FROM companies)`,
    );
    await ctx.db.query(`UPDATE api_keys SET name = name || '!'`);
    expect(changedTables(before, await digestNow())).toEqual([
      'public.api_keys',
      'public.companies',
    ]);
    const middle = await digestNow();
    await ctx.db.query(
      `DELETE FROM file_deletions WHERE ctid = (SELECT min(ctid) FROM file_deletions)`,
    );
    expect(changedTables(middle, await digestNow())).toEqual(['public.file_deletions']);
  });

  it('the fingerprint costs less than an md5 of every row', async () => {
    const time = async (f: () => Promise<unknown>) => {
      const started = performance.now();
      for (let i = 0; i < 5; i++) await f();
      return (performance.now() - started) / 5;
    };
    const md5 = await time(() => digester.md5Digest());
    const fingerprint = await time(() => digester.digest());
    if (process.env.FUZZ_PROGRESS) {
      console.error(
        `digest: md5 of every row ${md5.toFixed(1)} ms, fingerprint ${fingerprint.toFixed(1)} ms`,
      );
    }
    expect(fingerprint).toBeLessThan(md5);
  });

  it('a stack trace or a path of ours in an answer is seen', () => {
    const trace = new TypeError("Cannot read properties of undefined (reading 'id')").stack!;
    expect(leaks.some((re) => re.test(JSON.stringify({ message: trace })))).toBe(true);
    expect(
      leaks.some((re) => re.test('{"message":"at /work/app/server/routes/jobs/list.ts"}')),
    ).toBe(true);
    expect(
      leaks.some((re) => re.test('{"message":"Job not found","errors":[{"field":"id"}]}')),
    ).toBe(false);
  });
});

describe(`every operation of the OpenAPI document (seed ${seed}, ${runsPerOperation} runs each)`, () => {
  // The document is read in beforeAll: the operations are listed from the routes table, which
  // names the same routes (tests/server/openapi/document.test.ts checks that they agree).
  it('lists operations to fuzz', () => {
    expect(operationsOf(doc).length).toBeGreaterThan(100);
  });

  it(
    'answers every generated request without a 5xx or a stack trace; a refusal changes no row',
    async () => {
      const ops = operationsOf(doc);
      // Every operation is fuzzed even after one fails, so a run reports all it found.
      const failures: string[] = [];
      for (const [i, op] of ops.entries()) {
        const key = `${op.method} ${op.path}`;
        if (process.env.FUZZ_ONLY && !key.includes(process.env.FUZZ_ONLY)) continue;
        const quiet = disruptive.has(key);
        const who =
          quiet && !doc.paths[op.path]![op.method.toLowerCase()]!.requestBody
            ? callers.filter((c) => c === 'anonymous' || c === 'junk token')
            : callers;
        const requests = requestsFor(doc, op, pools).filter(
          (r) => !quiet || !isJsonObject(r.payload),
        );
        const started = Date.now();
        const result = await fc.check(
          fc.asyncProperty(callerArb(who), requests, (caller, req) => send(op, caller, req)),
          { seed: seed + i, numRuns: runsPerOperation },
        );
        if (result.failed)
          failures.push(
            `${key} (seed ${seed + i}): ${String(result.errorInstance).slice(0, 4000)}`,
          );
        if (process.env.FUZZ_PROGRESS) console.error(`${Date.now() - started} ms ${key}`);
      }
      if (process.env.FUZZ_PROGRESS) {
        console.error(
          `answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
        );
        const never = ops.map((o) => `${o.method} ${o.path}`).filter((k) => !accepted.has(k));
        console.error(`never accepted (${never.length}): ${never.join(', ')}`);
      }
      expect(failures.join('\n\n')).toBe('');
    },
    Math.max(900_000, runsPerOperation * 60_000),
  );
});
