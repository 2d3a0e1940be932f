import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, type TestContext } from '../helpers';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  makePartner,
  multipart,
  setTat,
  signIn,
  submitEvidence,
  testWalletKobo,
  type Actor,
} from '../jobs/support';
import { balanceOf, fund, ledgerInvariants, movements, walletOf } from './support';

let ctx: TestContext;
let admin: Actor;
let owner: Actor;
let partner: Actor;
let subuser: Actor;
let agent: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  admin = await signIn(ctx.app, ctx.db, 'admin');
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Partner Ltd' });
  subuser = await signIn(ctx.app, ctx.db, 'subuser', {
    companyOf: owner.companyId!,
    permissions: ['Create Job', 'View Job History', 'View Job Stages'],
  });
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await setTat(ctx.db, { audience: 'company', amountKobo: 250_000 });
  await setTat(ctx.db, { audience: 'agent', amountKobo: 100_050 });
});
afterAll(() => ctx.close());

const jobCount = () => count(ctx.db, 'jobs');
const post = (url: string, headers: Record<string, string>, payload: FormData | object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v2${url}`, headers, payload: payload as object });

describe('charging for jobs', () => {
  it('charges the owner the Company price when a job is created, in one movement', async () => {
    const before = await walletOf(ctx.db, owner.companyId!);
    const job = await createJob(ctx.app, owner.headers);
    expect(job.price).toBe(2500);
    expect(await walletOf(ctx.db, owner.companyId!)).toBe(before - 250_000);
    expect(await movements(ctx.db, 'charge', job.id)).toEqual([
      { amount_kobo: 250_000, reference: `charge:${job.id}` },
    ]);
  });

  it("charges a sub-user's company, and the company an admin names", async () => {
    const before = await walletOf(ctx.db, owner.companyId!);
    await createJob(ctx.app, subuser.headers);
    const res = await post(
      '/job/create-address',
      admin.headers,
      multipart({ ...addressFields(), company_id: owner.companyId! }),
    );
    expect(res.statusCode).toBe(201);
    expect(await walletOf(ctx.db, owner.companyId!)).toBe(before - 500_000);
  });

  it('refuses a (state, kind) without a Company price: 400 naming both, nothing written', async () => {
    await ctx.db.query(`DELETE FROM tat_settings WHERE state = 'oyo' AND audience = 'company'`);
    const [jobs, wallet] = [await jobCount(), await walletOf(ctx.db, owner.companyId!)];
    const res = await post(
      '/job/create-address',
      owner.headers,
      multipart(addressFields({ state: 'oyo', lga: 'Ibadan North' })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'No Company price is set for Address jobs in Oyo: only the provider can set one (Settings → Set Amount)',
    );
    expect(await jobCount()).toBe(jobs);
    expect(await walletOf(ctx.db, owner.companyId!)).toBe(wallet);
  });

  it('refuses a job the wallet cannot pay: 402 naming both amounts, nothing written', async () => {
    const broke = await signIn(ctx.app, ctx.db, 'company');
    const jobs = await jobCount();
    // A price one kobo above what the new company's wallet holds.
    await setTat(ctx.db, { state: 'ogun', audience: 'company', amountKobo: testWalletKobo + 1 });
    const res = await post(
      '/job/create-address',
      broke.headers,
      multipart(addressFields({ state: 'ogun', lga: 'Abeokuta South' })),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe(
      'Insufficient wallet balance: This job costs ₦1,000,000.01 and the wallet holds ₦1,000,000.00. Fund the wallet and try again.',
    );
    expect(await jobCount()).toBe(jobs);
    expect(await walletOf(ctx.db, broke.companyId!)).toBe(testWalletKobo);
  });

  it('charges a bulk file at once, or creates nothing when the wallet is short', async () => {
    const csvRows = (n: number) =>
      [
        'first_name,last_name,phone,email,address,landmark,state,lga',
        ...Array.from(
          { length: n },
          (_, i) => `Ada,Obi${i},08031234567,ada${i}@example.ng,${i} Allen Avenue,Bank,lagos,Ikeja`,
        ),
      ].join('\n');
    const upload = (headers: Record<string, string>, n: number) =>
      post(
        '/job/upload',
        headers,
        multipart({ type: 'address' }, [
          { field: 'file', filename: 'jobs.csv', data: Buffer.from(csvRows(n)) },
        ]),
      );
    const before = await walletOf(ctx.db, partner.companyId!);
    const ok = await upload(partner.headers, 3);
    expect(ok.statusCode).toBe(201);
    expect(await walletOf(ctx.db, partner.companyId!)).toBe(before - 3 * 250_000);
    const jobs = await jobCount();
    const tooMany = await upload(partner.headers, 400); // ₦1,000,000 > what is left
    expect(tooMany.statusCode).toBe(402);
    expect(tooMany.json().message).toContain('These 400 jobs cost ₦1,000,000.00');
    expect(await jobCount()).toBe(jobs);
    expect(await walletOf(ctx.db, partner.companyId!)).toBe(before - 3 * 250_000);
  });
});

describe('refunds and fees', () => {
  const assign = (headers: Record<string, string>, type: string, id: string, jobId: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/v2/job/assign/${type}/${id}`,
      headers,
      payload: { list: [jobId] },
    });
  const review = (id: string, type: 'approve' | 'reject') =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/job/appove-or-reject/${id}/${type}`,
      headers: owner.headers,
      payload: { rating: 4 },
    });

  it('refunds the charge when the owner cancels, once', async () => {
    const job = await createJob(ctx.app, owner.headers);
    const charged = await walletOf(ctx.db, owner.companyId!);
    const res = await post(`/job/${job.id}/cancel`, owner.headers, {});
    expect(res.statusCode).toBe(200);
    expect(await walletOf(ctx.db, owner.companyId!)).toBe(charged + 250_000);
    expect((await post(`/job/${job.id}/cancel`, owner.headers, {})).statusCode).toBe(409);
    expect(await movements(ctx.db, 'refund', job.id)).toHaveLength(1);
  });

  it('fixes the fee at assignment and credits the assignee on approval, not on rejection', async () => {
    const toAgent = await createJob(ctx.app, owner.headers);
    expect((await assign(admin.headers, 'agent', agent.account.id, toAgent.id)).statusCode).toBe(
      200,
    );
    await submitEvidence(ctx.app, toAgent.id);
    expect((await review(toAgent.id, 'approve')).statusCode).toBe(200);
    expect(await balanceOf(ctx.db, 'agent_earnings', agent.account.id)).toBe(100_050);

    // Assigned for real (a fee fixed), so that the rejection has a fee to withhold.
    await makePartner(ctx.db, partner.companyId!);
    const toPartner = await createJob(ctx.app, owner.headers);
    expect(
      (await assign(owner.headers, 'company', partner.companyId!, toPartner.id)).statusCode,
    ).toBe(200);
    await submitEvidence(ctx.app, toPartner.id);
    expect((await review(toPartner.id, 'reject')).statusCode).toBe(200);
    expect(await movements(ctx.db, 'fee', toPartner.id)).toEqual([]);
    expect(await balanceOf(ctx.db, 'company_earnings', partner.companyId!)).toBe(0);
    expect(await ledgerInvariants(ctx.db)).toMatchObject({ mismatched: [], total: 0 });
  });

  it('lets an admin fund a company, which can then pay for jobs again', async () => {
    const broke = await signIn(ctx.app, ctx.db, 'company');
    await setTat(ctx.db, {
      state: 'kano',
      type: 'address',
      audience: 'company',
      amountKobo: 150_000_000,
    });
    const job = () =>
      post(
        '/job/create-address',
        broke.headers,
        multipart(addressFields({ state: 'kano', lga: 'Kano Municipal' })),
      );
    expect((await job()).statusCode).toBe(402);
    const res = await fund(ctx.app, admin.headers, {
      company_id: broke.companyId!,
      amount: 500_000,
      reference: 'ZEN-123',
    });
    expect(res.statusCode).toBe(201);
    expect((await job()).statusCode).toBe(201);
    expect(await walletOf(ctx.db, broke.companyId!)).toBe(0);
  });
});
