import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';

export const accountKinds = [
  'company_wallet',
  'company_earnings',
  'agent_earnings',
  'platform_revenue',
  'payouts_in_transit',
  'bank',
] as const;
export type AccountKind = (typeof accountKinds)[number];

export const movementKinds = [
  'funding',
  'charge',
  'refund',
  'fee',
  'payout',
  'payout_paid',
  'payout_failed',
] as const;
export type MovementKind = (typeof movementKinds)[number];

/** The owner of the platform's own accounts (revenue, payouts in transit, bank). */
export const platformOwner = '00000000-0000-0000-0000-000000000000';

export interface Account {
  kind: AccountKind;
  owner: string;
}

export interface Posting extends Account {
  /** Kobo, credit positive: money held for a company or an agent goes up. */
  amount: number;
}

/** One movement to post: its postings must sum to zero (the database refuses otherwise). */
export interface NewMovement {
  reference: string;
  kind: MovementKind;
  amountKobo: number;
  companyId?: string | null;
  agentId?: string | null;
  jobId?: string | null;
  payoutId?: string | null;
  details?: Record<string, unknown>;
  createdBy?: string | null;
  /** When it happened: now unless given (the demo dates its money with its jobs). */
  at?: Date;
  postings: Posting[];
}

export interface MovementRow {
  id: string;
  reference: string;
  kind: MovementKind;
  amount_kobo: number;
  company_id: string | null;
  agent_id: string | null;
  job_id: string | null;
  payout_id: string | null;
  details: Record<string, unknown>;
  created_by: string | null;
  created_at: Date;
}

const toMovement = (r: MovementRow): MovementRow => ({ ...r, amount_kobo: Number(r.amount_kobo) });

export function createLedgerRepository(db: Queryable) {
  return {
    /**
     * Posts movements and their postings in two statements. A reference already in the ledger
     * posts nothing (a retry): answers the references that were new.
     */
    async post(movements: NewMovement[], q: Queryable = db): Promise<Set<string>> {
      if (!movements.length) return new Set();
      const ids = movements.map(() => randomUUID());
      const r = await q.query<{ id: string; reference: string }>(
        `INSERT INTO ledger_movements (id, reference, kind, amount_kobo, company_id, agent_id,
                                       job_id, payout_id, details, created_by, created_at)
         SELECT u.id, u.reference, u.kind, u.amount_kobo, u.company_id, u.agent_id, u.job_id,
                u.payout_id, u.details, u.created_by, coalesce(u.at, now())
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::uuid[],
                       $6::uuid[], $7::uuid[], $8::uuid[], $9::jsonb[], $10::uuid[],
                       $11::timestamptz[])
             AS u(id, reference, kind, amount_kobo, company_id, agent_id, job_id, payout_id,
                  details, created_by, at)
         ON CONFLICT (reference) DO NOTHING RETURNING id, reference`,
        [
          ids,
          movements.map((m) => m.reference),
          movements.map((m) => m.kind),
          movements.map((m) => m.amountKobo),
          movements.map((m) => m.companyId ?? null),
          movements.map((m) => m.agentId ?? null),
          movements.map((m) => m.jobId ?? null),
          movements.map((m) => m.payoutId ?? null),
          movements.map((m) => JSON.stringify(m.details ?? {})),
          movements.map((m) => m.createdBy ?? null),
          movements.map((m) => m.at ?? null),
        ],
      );
      const posted = new Set(r.rows.map((row) => row.id));
      const movementIds: string[] = [];
      const kinds: string[] = [];
      const owners: string[] = [];
      const amounts: number[] = [];
      movements.forEach((m, i) => {
        if (!posted.has(ids[i]!)) return;
        for (const p of m.postings) {
          movementIds.push(ids[i]!);
          kinds.push(p.kind);
          owners.push(p.owner);
          amounts.push(p.amount);
        }
      });
      if (movementIds.length) {
        // One statement for every posting: the trigger checks each movement sums to zero.
        await q.query(
          `INSERT INTO ledger_entries (movement_id, account_kind, account_owner, amount_kobo)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::bigint[])`,
          [movementIds, kinds, owners, amounts],
        );
      }
      return new Set(r.rows.map((row) => row.reference));
    },

    /**
     * An account's balance under a row lock until the transaction ends: parallel charges of one
     * wallet (or payouts of one agent) wait for each other here.
     */
    async lockBalance(account: Account, q: Queryable) {
      await q.query(
        `INSERT INTO ledger_balances (account_kind, account_owner) VALUES ($1, $2)
         ON CONFLICT DO NOTHING`,
        [account.kind, account.owner],
      );
      const r = await q.query<{ balance_kobo: string | number }>(
        `SELECT balance_kobo FROM ledger_balances
          WHERE account_kind = $1 AND account_owner = $2 FOR UPDATE`,
        [account.kind, account.owner],
      );
      return Number(r.rows[0]!.balance_kobo);
    },

    /** An account's balance (0 for an account that never moved). */
    async balance(account: Account, q: Queryable = db) {
      const r = await q.query<{ balance_kobo: string | number }>(
        `SELECT balance_kobo FROM ledger_balances WHERE account_kind = $1 AND account_owner = $2`,
        [account.kind, account.owner],
      );
      return Number(r.rows[0]?.balance_kobo ?? 0);
    },

    /** The balances of many accounts of one kind, by owner. */
    async balances(kind: AccountKind, owners: string[], q: Queryable = db) {
      const r = await q.query<{ account_owner: string; balance_kobo: string | number }>(
        `SELECT account_owner, balance_kobo FROM ledger_balances
          WHERE account_kind = $1 AND account_owner = ANY($2::uuid[])`,
        [kind, owners],
      );
      return new Map(r.rows.map((row) => [row.account_owner, Number(row.balance_kobo)]));
    },

    /** An account's balance summed from its postings: what the balance row must equal. */
    async ledgerSum(account: Account, q: Queryable = db) {
      const r = await q.query<{ n: string | number }>(
        `SELECT coalesce(sum(amount_kobo), 0) AS n FROM ledger_entries
          WHERE account_kind = $1 AND account_owner = $2`,
        [account.kind, account.owner],
      );
      return Number(r.rows[0]!.n);
    },

    async findByReference(reference: string, q: Queryable = db) {
      const r = await q.query<MovementRow>('SELECT * FROM ledger_movements WHERE reference = $1', [
        reference,
      ]);
      return r.rows[0] && toMovement(r.rows[0]);
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
