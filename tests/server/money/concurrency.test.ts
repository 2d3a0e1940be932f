import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import { count } from '../helpers';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  multipart,
  setTat,
  signIn,
  submitEvidence,
  testWalletKobo,
} from '../jobs/support';
import { assign } from '../capture/support';
import { balanceOf, ledgerInvariants, movements, walletOf } from './support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createJobsTestApp();
});
afterAll(() => ctx.close());

describe('money under concurrency', () => {
  it('50 parallel job creations against a wallet that covers 10 create exactly 10', async () => {
    const company = await signIn(ctx.app, ctx.db, 'company');
    await setTat(ctx.db, { state: 'enugu', audience: 'company', amountKobo: testWalletKobo / 10 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v2/job/create-address',
          headers: company.headers,
          payload: multipart(addressFields({ state: 'enugu', lga: 'Enugu North' })),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    expect(await count(ctx.db, 'jobs WHERE company_id = $1', [company.companyId])).toBe(10);
    expect(await walletOf(ctx.db, company.companyId!)).toBe(0);
    expect(await ledgerInvariants(ctx.db)).toMatchObject({
      mismatched: [],
      negative: [],
      total: 0,
    });
  });

  it('20 parallel approvals of one job credit its fee once', async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company');
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    const agent = await signIn(ctx.app, ctx.db, 'agent');
    await setTat(ctx.db, { audience: 'agent', amountKobo: 120_000 });
    const job = await createJob(ctx.app, owner.headers);
    await assign(ctx.app, admin.headers, 'agent', agent.account.id, [job.id]);
    await submitEvidence(ctx.app, job.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/v2/job/appove-or-reject/${job.id}/approve`,
          headers: owner.headers,
          payload: { rating: 5 },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await movements(ctx.db, 'fee', job.id)).toHaveLength(1);
    expect(await balanceOf(ctx.db, 'agent_earnings', agent.account.id)).toBe(120_000);
  });
});
