import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeNewJobs } from '../../../server/services/charges';
import type { TestContext } from '../helpers';
import {
  addressFields,
  createJobsTestApp,
  multipart,
  setTat,
  signIn,
  submitEvidence,
  type Actor,
} from '../jobs/support';
import { ledgerInvariants } from './support';

let ctx: TestContext;
let admin: Actor;
let companies: Actor[];
let agents: Actor[];
const jobs: string[] = [];
const payouts: string[] = [];
let step = 0;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  companies = [await signIn(ctx.app, ctx.db, 'company'), await signIn(ctx.app, ctx.db, 'company')];
  agents = [await signIn(ctx.app, ctx.db, 'agent'), await signIn(ctx.app, ctx.db, 'agent')];
  // Prices that make wallets run short now and then.
  await setTat(ctx.db, { audience: 'company', amountKobo: 30_000_000 });
  await setTat(ctx.db, { audience: 'agent', amountKobo: 12_000_000 });
});
afterAll(() => ctx.close());

const inject = (
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload: object,
  headers = admin.headers,
) => ctx.app.inject({ method, url: `/api/v2${url}`, headers, payload: payload as never });

const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);

const csv = (n: number) =>
  [
    'first_name,last_name,phone,email,address,landmark,state,lga',
    ...Array.from(
      { length: n },
      (_, i) => `Bola,Ade${i},08031234567,b${i}@example.ng,${i} Road,Bank,lagos,Ikeja`,
    ),
  ].join('\n');

type Op =
  | { op: 'fund'; c: number; naira: number; retry: boolean }
  | { op: 'create'; c: number; retry: boolean }
  | { op: 'bulk'; c: number; n: number }
  | { op: 'assign'; j: number; a: number }
  | { op: 'approve' | 'reject' | 'cancel'; j: number; retry: boolean }
  | { op: 'payout'; a: number }
  | { op: 'settle'; p: number; paid: boolean }
  | { op: 'crash'; c: number };

const idx = fc.nat(20);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('fund' as const),
    c: idx,
    naira: fc.integer({ min: 1, max: 900_000 }),
    retry: fc.boolean(),
  }),
  fc.record({ op: fc.constant('create' as const), c: idx, retry: fc.boolean() }),
  fc.record({ op: fc.constant('bulk' as const), c: idx, n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('assign' as const), j: idx, a: idx }),
  fc.record({
    op: fc.constantFrom('approve' as const, 'reject' as const, 'cancel' as const),
    j: idx,
    retry: fc.boolean(),
  }),
  fc.record({ op: fc.constant('payout' as const), a: idx }),
  fc.record({ op: fc.constant('settle' as const), p: idx, paid: fc.boolean() }),
  fc.record({ op: fc.constant('crash' as const), c: idx }),
);

async function run(o: Op) {
  const n = ++step;
  const times = 'retry' in o && o.retry ? 2 : 1;
  for (let t = 0; t < times; t++) {
    if (o.op === 'fund') {
      const c = pick(companies, o.c)!;
      await inject('POST', '/wallet/fund', {
        company_id: c.companyId,
        amount: o.naira,
        reference: `PROP-${n}`,
        paid_at: '2026-01-01',
      });
    } else if (o.op === 'create') {
      const c = pick(companies, o.c)!;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/job/create-address',
        headers: { ...c.headers, 'idempotency-key': `prop-${n}` },
        payload: multipart(addressFields()),
      });
      if (res.statusCode === 201 && t === 0) jobs.push(res.json().id);
    } else if (o.op === 'bulk') {
      const c = pick(companies, o.c)!;
      const res = await inject(
        'POST',
        '/job/upload',
        multipart({ type: 'address' }, [
          { field: 'file', filename: 'f.csv', data: Buffer.from(csv(o.n)) },
        ]),
        c.headers,
      );
      if (res.statusCode === 201) {
        const r = await ctx.db.query<{ id: string }>(
          'SELECT id FROM jobs ORDER BY created_at DESC, code DESC LIMIT $1',
          [o.n],
        );
        jobs.push(...r.rows.map((x) => x.id));
      }
    } else if (o.op === 'assign') {
      const j = pick(jobs, o.j);
      if (j)
        await inject('PATCH', `/job/assign/agent/${pick(agents, o.a)!.account.id}`, { list: [j] });
    } else if (o.op === 'approve' || o.op === 'reject') {
      const j = pick(jobs, o.j);
      if (!j) return;
      const s = await ctx.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [
        j,
      ]);
      if (t === 0 && ['assigned', 'accepted'].includes(s.rows[0]!.status))
        await submitEvidence(ctx.app, j);
      await inject('PUT', `/job/appove-or-reject/${j}/${o.op}`, { rating: 3 });
    } else if (o.op === 'cancel') {
      const j = pick(jobs, o.j);
      if (j) await inject('POST', `/job/${j}/cancel`, {});
    } else if (o.op === 'payout') {
      const res = await inject('POST', '/payouts', { agent_id: pick(agents, o.a)!.account.id });
      if (res.statusCode === 201) payouts.push(res.json().id);
    } else if (o.op === 'settle') {
      const p = pick(payouts, o.p);
      if (p) {
        await inject(
          'PATCH',
          `/payouts/${p}`,
          o.paid
            ? { status: 'paid', reference: `BANK-${n}` }
            : { status: 'failed', reason: 'Bounced' },
        );
      }
    } else if (o.op === 'crash') {
      // An injected failure: a charge posted, then the transaction dies before it commits.
      const c = pick(companies, o.c)!;
      const j = pick(jobs, o.c);
      await ctx.app.db
        .transaction(async (tx) => {
          if (j)
            await chargeNewJobs(
              ctx.app.repos,
              c.companyId!,
              [{ id: j, priceKobo: 1 }],
              admin.account.id,
              tx,
            );
          throw new Error('injected');
        })
        .catch(() => undefined);
    }
  }
}

async function assertInvariants() {
  expect(await ledgerInvariants(ctx.db)).toEqual({
    mismatched: [],
    total: 0,
    unbalanced: [],
    negative: [],
  });
  // Each job charged at most once net: charges add up to the jobs' prices, at most one refund
  // per job, and only of a job that was charged.
  const r = await ctx.db.query<{
    charged: string;
    prices: string;
    bad_refunds: number;
    fees: number;
  }>(
    `SELECT (SELECT coalesce(sum(amount_kobo), 0) FROM ledger_movements WHERE kind = 'charge')::text AS charged,
            (SELECT coalesce(sum(price_kobo), 0) FROM jobs)::text AS prices,
            (SELECT count(*) FROM jobs j WHERE (SELECT count(*) FROM ledger_movements m
                WHERE m.kind = 'refund' AND m.job_id = j.id) > CASE WHEN j.price_kobo IS NULL THEN 0 ELSE 1 END)::int AS bad_refunds,
            (SELECT count(*) FROM ledger_movements m JOIN jobs j ON j.id = m.job_id
              WHERE m.kind = 'fee' AND j.status <> 'approved')::int AS fees`,
  );
  expect(r.rows[0]).toEqual({
    charged: r.rows[0]!.prices,
    prices: r.rows[0]!.prices,
    bad_refunds: 0,
    fees: 0,
  });
}

describe('the ledger under random sequences of money operations', () => {
  it('keeps every balance equal to its ledger sum, the ledger at zero, no wallet below zero', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          await run(o);
          await assertInvariants();
        }
      }),
      { numRuns: 12, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 120_000);
});
