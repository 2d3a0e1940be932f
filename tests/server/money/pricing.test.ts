import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../../server/db';
import type { JobKind } from '../../../reference/jobKinds';
import type { LedgerRepository, NewMovement } from '../../../server/repositories/ledger';
import type { TatsRepository } from '../../../server/repositories/tats';
import {
  chargeNewJobs,
  companyPricesOf,
  priceNewJobs,
  quoteNewJobs,
} from '../../../server/services/charges';
import { wallet } from '../../../server/services/ledger';

/**
 * The price rule and the charge of new jobs, against a price table and a wallet held in memory:
 * what a quote answers, which jobs a wallet pays for, and the movement a charge posts.
 * (tests/server/money/charges.test.ts runs the same through the API.)
 */

const company = '11111111-1111-4111-8111-111111111111';
const actor = '55555555-5555-4555-8555-555555555555';
const tx = {} as Queryable;

/** Company prices (kobo) of address jobs by state; other kinds have none. */
function fakeDeps(prices: Record<string, number>, balance = 0) {
  const companyPrices = vi.fn(async (states: string[], type: JobKind, _q?: Queryable) => {
    const known = type === 'address' ? prices : {};
    return new Map(states.filter((s) => s in known).map((s) => [s, known[s]!]));
  });
  const lockBalance = vi.fn(async () => balance);
  const posted: NewMovement[] = [];
  const post = vi.fn(async (movements: NewMovement[]) => {
    posted.push(...movements);
    return new Set(movements.map((m) => m.reference));
  });
  return {
    deps: {
      tats: { companyPrices } as unknown as TatsRepository,
      ledger: { lockBalance, post } as unknown as LedgerRepository,
    },
    companyPrices,
    lockBalance,
    posted,
  };
}

describe('companyPricesOf', () => {
  it('asks once per distinct state and names the states without a price', async () => {
    const { deps, companyPrices } = fakeDeps({ lagos: 1000, oyo: 2000 });
    const r = await companyPricesOf(deps, 'address', ['lagos', 'kano', 'lagos', 'oyo'], tx);
    expect(companyPrices).toHaveBeenCalledWith(['lagos', 'kano', 'oyo'], 'address', tx);
    expect([...r.prices]).toEqual([
      ['lagos', 1000],
      ['oyo', 2000],
    ]);
    expect(r.missing).toEqual(['kano']);
  });
});

describe('quoteNewJobs', () => {
  it("answers each state's price and the total in naira", async () => {
    const { deps } = fakeDeps({ lagos: 150_050, oyo: 200_000 });
    expect(
      await quoteNewJobs(deps, 'address', [
        { state: 'lagos', count: 2 },
        { state: 'oyo', count: 1 },
      ]),
    ).toEqual({
      total: 5001,
      missing: [],
      jobs: [
        { state: 'lagos', count: 2, price: 1500.5 },
        { state: 'oyo', count: 1, price: 2000 },
      ],
    });
  });

  it('answers no total, and the states without a price, when one has none', async () => {
    const { deps } = fakeDeps({ lagos: 1000 });
    expect(
      await quoteNewJobs(deps, 'address', [
        { state: 'lagos', count: 1 },
        { state: 'kano', count: 3 },
      ]),
    ).toEqual({
      total: null,
      missing: ['kano'],
      jobs: [
        { state: 'lagos', count: 1, price: 10 },
        { state: 'kano', count: 3, price: null },
      ],
    });
  });
});

describe('priceNewJobs', () => {
  it("answers each job's price in order and locks the owner's wallet", async () => {
    const { deps, lockBalance } = fakeDeps({ lagos: 1000, oyo: 2500 }, 4500);
    expect(await priceNewJobs(deps, company, 'address', ['oyo', 'lagos', 'lagos'], tx)).toEqual([
      2500, 1000, 1000,
    ]);
    expect(lockBalance).toHaveBeenCalledWith(wallet(company), tx);
  });

  it('refuses with 400 naming the state and kind without a Company price', async () => {
    const { deps, lockBalance } = fakeDeps({}, 1_000_000);
    const refused = priceNewJobs(deps, company, 'business', ['lagos', 'fct', 'nowhere'], tx);
    await expect(refused).rejects.toMatchObject({
      statusCode: 400,
      message:
        'No Company price is set for Business jobs in Lagos, Federal Capital Territory, nowhere: only the provider can set one (Settings → Set Amount)',
      errors: [
        {
          field: 'state',
          msg: 'No Company price for Business in Lagos, Federal Capital Territory, nowhere',
        },
      ],
    });
    expect(lockBalance).not.toHaveBeenCalled();
  });

  it('refuses with 402 naming both amounts when the wallet is short, and takes the exact total', async () => {
    const one = fakeDeps({ lagos: 150_000 }, 149_999);
    await expect(priceNewJobs(one.deps, company, 'address', ['lagos'], tx)).rejects.toMatchObject({
      statusCode: 402,
      message:
        'Insufficient wallet balance: This job costs ₦1,500.00 and the wallet holds ₦1,499.99. Fund the wallet and try again.',
    });
    const two = fakeDeps({ lagos: 150_000 }, 299_999);
    await expect(
      priceNewJobs(two.deps, company, 'address', ['lagos', 'lagos'], tx),
    ).rejects.toMatchObject({
      statusCode: 402,
      message:
        'Insufficient wallet balance: These 2 jobs cost ₦3,000.00 and the wallet holds ₦2,999.99. Fund the wallet and try again.',
    });
    const exact = fakeDeps({ lagos: 150_000 }, 300_000);
    expect(await priceNewJobs(exact.deps, company, 'address', ['lagos', 'lagos'], tx)).toEqual([
      150_000, 150_000,
    ]);
  });
});

describe('chargeNewJobs', () => {
  const at = new Date('2026-02-01T09:00:00Z');

  it('charges one job as a movement naming it, dated when given', async () => {
    const { deps, posted } = fakeDeps({});
    await chargeNewJobs(deps, company, [{ id: 'job-1', priceKobo: 900 }], actor, tx, {}, at);
    expect(posted).toEqual([
      expect.objectContaining({
        reference: 'charge:job-1',
        jobId: 'job-1',
        amountKobo: 900,
        companyId: company,
        createdBy: actor,
        at,
      }),
    ]);
  });

  it("charges an upload's jobs as one movement of the total, with the upload's details", async () => {
    const { deps, posted } = fakeDeps({});
    const jobs = [
      { id: 'a', priceKobo: 900 },
      { id: 'b', priceKobo: 100 },
    ];
    await chargeNewJobs(deps, company, jobs, actor, tx, { file: 'jobs.csv' });
    expect(posted).toEqual([
      expect.objectContaining({
        reference: expect.stringMatching(/^charge:upload:/),
        amountKobo: 1000,
        details: { file: 'jobs.csv', jobs: 2 },
        at: undefined,
      }),
    ]);
    expect(posted[0]).not.toHaveProperty('jobId');
  });
});
