import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../../server/db';
import type { JobMoney } from '../../../server/repositories/jobs';
import { platformOwner } from '../../../server/repositories/ledger';
import {
  agentEarnings,
  bankReferenceKey,
  chargeMovement,
  companyEarnings,
  feeMovement,
  fundingMovement,
  payeeEarnings,
  payoutMovement,
  payoutSettledMovement,
  refundMovement,
  settleJobMoves,
  uploadChargeMovement,
  wallet,
} from '../../../server/services/ledger';

/**
 * The ledger's movements as built, without a database: each names its reference, kind, parties
 * and the two postings that move its amount (tests/server/money/ledger.test.ts posts them).
 */

const company = '11111111-1111-4111-8111-111111111111';
const partner = '22222222-2222-4222-8222-222222222222';
const agent = '33333333-3333-4333-8333-333333333333';
const job = '44444444-4444-4444-8444-444444444444';
const actor = '55555555-5555-4555-8555-555555555555';
const platform = (kind: string) => ({ kind, owner: platformOwner });

describe('accounts', () => {
  it('names each party account by kind and owner', () => {
    expect(wallet(company)).toEqual({ kind: 'company_wallet', owner: company });
    expect(agentEarnings(agent)).toEqual({ kind: 'agent_earnings', owner: agent });
    expect(companyEarnings(partner)).toEqual({ kind: 'company_earnings', owner: partner });
    expect(payeeEarnings({ agent_id: agent, company_id: null })).toEqual(agentEarnings(agent));
    expect(payeeEarnings({ agent_id: null, company_id: partner })).toEqual(
      companyEarnings(partner),
    );
  });
});

describe('bankReferenceKey', () => {
  it.each([
    ['third-idem 1', 'THIRDIDEM1'],
    ['GTB/2026.001', 'GTB2026001'],
    ['  ab_c+d  ', 'ABCD'],
    ['abc', 'ABC'],
  ])('%s is %s', (reference, key) => expect(bankReferenceKey(reference)).toBe(key));

  it.each(['ref-é1', 'ДОК1', '', '---', '١٢٣'])('%s has no key', (reference) =>
    expect(bankReferenceKey(reference)).toBe(''),
  );
});

describe('movements', () => {
  it('funding moves the amount from the bank to the wallet, keyed by the bank reference', () => {
    expect(fundingMovement(company, 5000, 'gtb-1', { paid_at: '2026-01-15' }, actor)).toEqual({
      reference: 'funding:GTB1',
      kind: 'funding',
      amountKobo: 5000,
      companyId: company,
      details: { paid_at: '2026-01-15' },
      createdBy: actor,
      postings: [
        { ...platform('bank'), amount: -5000 },
        { ...wallet(company), amount: 5000 },
      ],
    });
  });

  it('a charge moves a job price from the wallet to revenue', () => {
    expect(chargeMovement({ id: job, companyId: company, priceKobo: 700 }, null)).toEqual({
      reference: `charge:${job}`,
      kind: 'charge',
      amountKobo: 700,
      companyId: company,
      jobId: job,
      createdBy: null,
      postings: [
        { ...wallet(company), amount: -700 },
        { ...platform('platform_revenue'), amount: 700 },
      ],
    });
  });

  it("an upload's charge is one movement of its jobs' total, under a reference of its own", () => {
    const jobs = [{ priceKobo: 100 }, { priceKobo: 250 }];
    const a = uploadChargeMovement(company, jobs, { file: 'jobs.xlsx' }, actor);
    const b = uploadChargeMovement(company, jobs, {}, actor);
    expect(a).toEqual({
      reference: expect.stringMatching(/^charge:upload:[0-9a-f-]{36}$/),
      kind: 'charge',
      amountKobo: 350,
      companyId: company,
      details: { file: 'jobs.xlsx', jobs: 2 },
      createdBy: actor,
      postings: [
        { ...wallet(company), amount: -350 },
        { ...platform('platform_revenue'), amount: 350 },
      ],
    });
    expect(b.reference).not.toBe(a.reference);
  });

  it('a refund moves the price back from revenue to the owner', () => {
    expect(refundMovement({ id: job, company_id: company, price_kobo: 700 }, actor)).toEqual({
      reference: `refund:${job}`,
      kind: 'refund',
      amountKobo: 700,
      companyId: company,
      jobId: job,
      createdBy: actor,
      postings: [
        { ...platform('platform_revenue'), amount: -700 },
        { ...wallet(company), amount: 700 },
      ],
    });
  });

  const money = (assignee: Partial<JobMoney>): JobMoney => ({
    id: job,
    company_id: company,
    price_kobo: 700,
    fee_kobo: 300,
    assignee_type: null,
    assignee_company_id: null,
    assignee_agent_id: null,
    ...assignee,
  });

  it("a fee goes to an agent's earnings, or to a partner company's", () => {
    const toAgent = feeMovement(money({ assignee_type: 'agent', assignee_agent_id: agent }), actor);
    expect(toAgent).toEqual({
      reference: `fee:${job}`,
      kind: 'fee',
      amountKobo: 300,
      companyId: null,
      agentId: agent,
      jobId: job,
      createdBy: actor,
      postings: [
        { ...platform('platform_revenue'), amount: -300 },
        { ...agentEarnings(agent), amount: 300 },
      ],
    });
    const toPartner = feeMovement(
      money({ assignee_type: 'company', assignee_company_id: partner, assignee_agent_id: agent }),
      null,
    );
    expect(toPartner).toMatchObject({ companyId: partner, agentId: null });
    expect(toPartner.postings[1]).toEqual({ ...companyEarnings(partner), amount: 300 });
  });

  const payout = { id: job, agent_id: agent, company_id: null, amount_kobo: 900 };

  it('a payout moves earnings into transit; settled, out to the bank or back', () => {
    expect(payoutMovement(payout, actor)).toEqual({
      reference: `payout:${job}`,
      kind: 'payout',
      amountKobo: 900,
      agentId: agent,
      companyId: null,
      payoutId: job,
      createdBy: actor,
      postings: [
        { ...agentEarnings(agent), amount: -900 },
        { ...platform('payouts_in_transit'), amount: 900 },
      ],
    });
    const paid = payoutSettledMovement(payout, { status: 'paid', reference: 'TRF-1' }, actor);
    expect(paid).toEqual({
      reference: `payout-paid:${job}`,
      kind: 'payout_paid',
      amountKobo: 900,
      agentId: agent,
      companyId: null,
      payoutId: job,
      details: { status: 'paid', reference: 'TRF-1' },
      createdBy: actor,
      postings: [
        { ...platform('payouts_in_transit'), amount: -900 },
        { ...platform('bank'), amount: 900 },
      ],
    });
    const partnerPayout = { ...payout, agent_id: null, company_id: partner };
    const failed = payoutSettledMovement(partnerPayout, { status: 'failed', reason: 'x' }, actor);
    expect(failed).toMatchObject({ reference: `payout-failed:${job}`, kind: 'payout_failed' });
    expect(failed.postings).toEqual([
      { ...platform('payouts_in_transit'), amount: -900 },
      { ...companyEarnings(partner), amount: 900 },
    ]);
  });
});

describe('settleJobMoves', () => {
  /** A transaction that records the ledger's insert and answers that nothing was new. */
  function recordingTx() {
    const calls: unknown[][] = [];
    const tx = {
      query: vi.fn(async (_sql: string, params: unknown[] = []) => {
        calls.push(params);
        return { rows: [], rowCount: 0 };
      }),
    } as unknown as Queryable;
    /** The posted movements' references, amounts and dates, from the insert's parameters. */
    const posted = () =>
      calls.length
        ? (calls[0]![1] as string[]).map((reference, i) => ({
            reference,
            amount: (calls[0]![3] as number[])[i],
            at: (calls[0]![10] as (Date | null)[])[i],
          }))
        : [];
    return { tx, posted };
  }

  const jobs: JobMoney[] = [
    {
      id: 'approved-agent',
      company_id: company,
      price_kobo: 700,
      fee_kobo: 300,
      assignee_type: 'agent',
      assignee_company_id: null,
      assignee_agent_id: agent,
    },
    {
      id: 'approved-unassigned',
      company_id: company,
      price_kobo: 700,
      fee_kobo: 300,
      assignee_type: null,
      assignee_company_id: null,
      assignee_agent_id: null,
    },
    {
      id: 'approved-no-fee',
      company_id: company,
      price_kobo: 700,
      fee_kobo: null,
      assignee_type: 'agent',
      assignee_company_id: null,
      assignee_agent_id: agent,
    },
    {
      id: 'cancelled-priced',
      company_id: company,
      price_kobo: 700,
      fee_kobo: 300,
      assignee_type: 'agent',
      assignee_company_id: null,
      assignee_agent_id: agent,
    },
    {
      id: 'cancelled-free',
      company_id: company,
      price_kobo: null,
      fee_kobo: null,
      assignee_type: null,
      assignee_company_id: null,
      assignee_agent_id: null,
    },
  ];

  it('credits an approved assignee its fee and refunds a cancelled priced job, dated as moved', async () => {
    const { tx, posted } = recordingTx();
    const at = new Date('2026-02-01T09:00:00Z');
    const jobMoney = vi.fn(async (ids: string[]) => jobs.filter((j) => ids.includes(j.id)));
    await settleJobMoves(
      [
        { jobId: 'approved-agent', to: 'approved', at },
        { jobId: 'approved-unassigned', to: 'approved' },
        { jobId: 'approved-no-fee', to: 'approved' },
        { jobId: 'cancelled-priced', to: 'cancelled' },
        { jobId: 'cancelled-free', to: 'cancelled' },
        { jobId: 'rejected', to: 'rejected' },
        { jobId: 'unknown', to: 'approved' },
        { jobId: 'unknown-cancelled', to: 'cancelled' },
      ],
      jobMoney,
      actor,
      tx,
    );
    expect(jobMoney).toHaveBeenCalledWith([
      'approved-agent',
      'approved-unassigned',
      'approved-no-fee',
      'cancelled-priced',
      'cancelled-free',
      'unknown',
      'unknown-cancelled',
    ]);
    expect(posted()).toEqual([
      { reference: 'fee:approved-agent', amount: 300, at },
      { reference: 'refund:cancelled-priced', amount: 700, at: null },
    ]);
  });

  it('an approval is no refund and a cancellation no fee', async () => {
    const { tx, posted } = recordingTx();
    const jobMoney = async () => jobs;
    await settleJobMoves(
      [
        { jobId: 'cancelled-priced', to: 'approved' },
        { jobId: 'approved-agent', to: 'cancelled' },
      ],
      jobMoney,
      null,
      tx,
    );
    expect(posted().map((p) => p.reference)).toEqual([
      'fee:cancelled-priced',
      'refund:approved-agent',
    ]);
  });

  it('reads and posts nothing when no move approves or cancels', async () => {
    const { tx } = recordingTx();
    const jobMoney = vi.fn(async () => jobs);
    await settleJobMoves([{ jobId: 'approved-agent', to: 'rejected' }], jobMoney, actor, tx);
    expect(jobMoney).not.toHaveBeenCalled();
    expect(tx.query).not.toHaveBeenCalled();
  });
});
