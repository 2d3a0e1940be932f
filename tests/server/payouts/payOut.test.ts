import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../../server/db';
import type { Account, LedgerRepository, NewMovement } from '../../../server/repositories/ledger';
import type { Payee, PayoutsRepository } from '../../../server/repositories/payouts';
import { agentEarnings, companyEarnings } from '../../../server/services/ledger';
import { payOut, settlePayout } from '../../../server/services/payouts';

/**
 * Paying payees and settling payouts, against payouts and balances held in memory: who is paid
 * how much and in which order, what is refused (400 naming the payee, 404, 409) and the
 * movements posted. The API's side is in tests/server/payouts/partnerPayouts.test.ts.
 */

const actor = '55555555-5555-4555-8555-555555555555';
const tx = { query: vi.fn() } as unknown as Queryable;

const agent: Payee = { type: 'agent', id: 'b-agent', name: 'Musa Bello', has_bank_account: false };
const partner: Payee = {
  type: 'company',
  id: 'a-partner',
  name: 'Lekki Field Services',
  has_bank_account: true,
};

type Stored = {
  id: string;
  agent_id: string | null;
  company_id: string | null;
  amount_kobo: number;
  status: string;
};

function fakes(balances: Record<string, number>, stored: Stored[] = []) {
  const calls: string[] = [];
  const posted: NewMovement[] = [];
  const ledger = {
    lockBalance: vi.fn(async (account: Account, q: Queryable) => {
      expect(q).toBe(tx);
      calls.push(`lock ${account.kind} ${account.owner}`);
      return balances[`${account.kind} ${account.owner}`] ?? 0;
    }),
    post: vi.fn(async (movements: NewMovement[], q: Queryable) => {
      expect(q).toBe(tx);
      posted.push(...movements);
      return new Set(movements.map((m) => m.reference));
    }),
  } as unknown as LedgerRepository;
  const payouts = {
    insert: vi.fn(async (payee: Payee, amount: number, createdBy: string, q: Queryable) => {
      expect([createdBy, q]).toEqual([actor, tx]);
      calls.push(`insert ${payee.id} ${amount}`);
      return `payout-${payee.id}`;
    }),
    lock: vi.fn(async (id: string) => stored.find((p) => p.id === id)),
    settle: vi.fn(async (id: string, outcome: unknown, q: Queryable) => {
      expect(q).toBe(tx);
      calls.push(`settle ${id} ${JSON.stringify(outcome)}`);
    }),
  } as unknown as PayoutsRepository;
  return { deps: { ledger, payouts }, calls, posted };
}

describe('payOut', () => {
  it("pays each payee its whole balance, in id order, and answers the payouts' ids", async () => {
    const agentKey = `agent_earnings ${agent.id}`;
    const partnerKey = `company_earnings ${partner.id}`;
    const { deps, calls, posted } = fakes({ [agentKey]: 4_000, [partnerKey]: 1 });
    expect(await payOut(deps, [agent, partner], actor, tx)).toEqual([
      'payout-a-partner',
      'payout-b-agent',
    ]);
    expect(calls).toEqual([
      `lock ${partnerKey}`,
      'insert a-partner 1',
      `lock ${agentKey}`,
      'insert b-agent 4000',
    ]);
    expect(posted).toEqual([
      expect.objectContaining({
        reference: 'payout:payout-a-partner',
        amountKobo: 1,
        companyId: partner.id,
        agentId: null,
        createdBy: actor,
      }),
      expect.objectContaining({
        reference: 'payout:payout-b-agent',
        amountKobo: 4_000,
        agentId: agent.id,
        companyId: null,
      }),
    ]);
    expect(posted[0]!.postings[0]).toEqual({ ...companyEarnings(partner.id), amount: -1 });
    expect(posted[1]!.postings[0]).toEqual({ ...agentEarnings(agent.id), amount: -4_000 });
  });

  it('refuses a payee with nothing available, naming it, with 400', async () => {
    for (const balance of [0, -5]) {
      const { deps, posted } = fakes({ [`agent_earnings ${agent.id}`]: balance });
      await expect(payOut(deps, [agent], actor, tx)).rejects.toMatchObject({
        statusCode: 400,
        message: 'Musa Bello has no available balance to pay out',
        errors: [{ field: 'agent_id', msg: 'Musa Bello has no available balance to pay out' }],
      });
      expect(posted).toEqual([]);
    }
  });

  it('refuses a partner company without bank details before reading its balance', async () => {
    const { deps, calls } = fakes({ [`company_earnings ${partner.id}`]: 9_000 });
    const msg =
      'Lekki Field Services has no bank details to pay into: its owner adds them in Settings';
    await expect(
      payOut(deps, [{ ...partner, has_bank_account: false }], actor, tx),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: msg,
      errors: [{ field: 'company_id', msg }],
    });
    expect(calls).toEqual([]);
  });

  it('pays an agent without bank details on record (agents are paid as registered)', async () => {
    const { deps } = fakes({ [`agent_earnings ${agent.id}`]: 10 });
    expect(await payOut(deps, [agent], actor, tx)).toEqual(['payout-b-agent']);
  });
});

describe('settlePayout', () => {
  const pending: Stored = {
    id: 'p1',
    agent_id: agent.id,
    company_id: null,
    amount_kobo: 700,
    status: 'pending',
  };

  it('settles a pending payout paid, out through the bank', async () => {
    const { deps, calls, posted } = fakes({}, [pending]);
    await settlePayout(deps, 'p1', { status: 'paid', reference: 'TRF-9' }, actor, tx);
    expect(calls).toEqual(['settle p1 {"status":"paid","reference":"TRF-9"}']);
    expect(posted).toEqual([
      expect.objectContaining({
        reference: 'payout-paid:p1',
        kind: 'payout_paid',
        amountKobo: 700,
      }),
    ]);
  });

  it("settles a pending payout failed, back to the payee's earnings", async () => {
    const { deps, posted } = fakes({}, [pending]);
    await settlePayout(deps, 'p1', { status: 'failed', reason: 'Account closed' }, actor, tx);
    expect(posted[0]!.postings[1]).toEqual({ ...agentEarnings(agent.id), amount: 700 });
  });

  it('answers 404 for an unknown payout and 409 for a settled one, moving nothing', async () => {
    const { deps, calls, posted } = fakes({}, [{ ...pending, status: 'paid' }]);
    await expect(
      settlePayout(deps, 'nope', { status: 'paid', reference: 'x' }, actor, tx),
    ).rejects.toMatchObject({ statusCode: 404, message: 'Payout not found' });
    await expect(
      settlePayout(deps, 'p1', { status: 'failed', reason: 'x' }, actor, tx),
    ).rejects.toMatchObject({ statusCode: 409, message: 'This payout is already paid' });
    expect([calls, posted]).toEqual([[], []]);
  });
});
