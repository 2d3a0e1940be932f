import { koboToNgn } from '../../reference/money';
import type { Queryable } from '../db';
import { createAuditRepository, type AuditEntry } from '../repositories/audit';
import { maskEmail, scrubDetail } from '../services/audit';
import { accountByEmail, daysAgo, type DemoSeeder } from './demoContext';

/** The status a job event moved to, and the action whose route made that move. */
const moveActions: Record<string, string> = {
  pending: 'job.create',
  assigned: 'job.assign',
  accepted: 'job.accept',
  declined: 'job.decline',
  submitted: 'capture.submit',
  approved: 'job.review',
  rejected: 'job.review',
  cancelled: 'job.cancel',
};

/** Client addresses of the demo: Lagos and Abuja mobile and office networks. */
const addresses = ['102.89.34.17', '105.112.72.9', '197.210.55.140', '41.58.120.3'];

interface Row {
  [key: string]: unknown;
}

const rows = async <T extends Row>(tx: Queryable, sql: string, params: unknown[] = []) =>
  (await tx.query<T>(sql, params)).rows;

/**
 * The demo's audit history, laid over what the earlier seeders made at their own times: sign-ins
 * (and two failed ones), every job's creation and moves from its history, wallet fundings, the
 * suspension of Harvest Insurance Brokers and Lagos Credit's API keys. Written with the times
 * of the rows they describe, through the repository's `record` as off-request work is.
 */
export const seedAudit: DemoSeeder = async (tx, ctx) => {
  const audit = createAuditRepository(tx);
  const entries: AuditEntry[] = [];
  const admin = accountByEmail(ctx, 'admin@demo.ng');
  const ip = (n: number) => addresses[n % addresses.length]!;
  const add = (e: Omit<AuditEntry, 'ip'> & { at: Date }, n: number) =>
    entries.push({ ...e, ip: ip(n), detail: scrubDetail(e.detail ?? {}) });

  // Sign-ins: every active back-office account about once a week since it joined.
  const people = await rows<{
    id: string;
    email: string;
    company_id: string | null;
    since: number;
  }>(
    tx,
    `SELECT a.id, a.email, a.company_id,
            extract(epoch FROM $1::timestamptz - a.created_at)::int / 86400 AS since
       FROM accounts a LEFT JOIN companies c ON c.id = a.company_id
      WHERE a.role <> 'agent' AND a.status = 1 AND a.email_confirmed_at IS NOT NULL
        AND c.suspended_at IS NULL
      ORDER BY a.email`,
    [ctx.now],
  );
  people.forEach((a, i) => {
    // Staff who joined today have signed in once, this morning.
    const first = a.since < 1 ? 0.1 : 1 + (i % 7);
    for (let day = first; day < Math.min(Math.max(a.since, 1), 120); day += 7 + (i % 3)) {
      add(
        {
          actorId: a.id,
          companyId: a.company_id,
          action: 'auth.login',
          outcome: 200,
          at: daysAgo(ctx, day),
          detail: { email: maskEmail(a.email) },
        },
        i,
      );
    }
  });
  for (const [n, email] of ['company@demo.ng', 'admin@demo.ng'].entries()) {
    add(
      {
        actorId: null,
        companyId: null,
        action: 'auth.login',
        outcome: 401,
        at: daysAgo(ctx, 3 + n * 11),
        detail: { email: maskEmail(email), reason: 'wrong_password' },
      },
      n + 2,
    );
  }

  // Jobs: creation and each move, by whoever made it, for the job's owner company.
  const events = await rows<{
    job_id: string;
    to_status: string;
    actor_id: string | null;
    actor_company: string | null;
    company_id: string;
    reason: string | null;
    created_at: Date;
  }>(
    tx,
    `SELECT e.job_id, e.to_status, e.actor_id, a.company_id AS actor_company, j.company_id,
            e.reason, e.created_at
       FROM job_events e JOIN jobs j ON j.id = e.job_id LEFT JOIN accounts a ON a.id = e.actor_id
      ORDER BY e.id`,
  );
  events.forEach((e, n) => {
    const action = moveActions[e.to_status];
    if (!action) return;
    add(
      {
        actorId: e.actor_id,
        companyId: e.actor_company ?? e.company_id,
        action,
        targetType: 'job',
        targetId: e.job_id,
        outcome: action === 'job.create' ? 201 : 200,
        at: e.created_at,
        detail: e.reason ? { reason: e.reason } : {},
      },
      n,
    );
  });

  // Money: the provider's admin funding wallets.
  const fundings = await rows<{ company_id: string; amount_kobo: string; created_at: Date }>(
    tx,
    `SELECT company_id, amount_kobo::text, created_at FROM ledger_movements
      WHERE kind = 'funding' AND company_id IS NOT NULL ORDER BY created_at`,
  );
  fundings.forEach((f, n) =>
    add(
      {
        actorId: admin.id,
        companyId: f.company_id,
        action: 'wallet.fund',
        targetType: 'company',
        targetId: f.company_id,
        outcome: 201,
        at: f.created_at,
        detail: { amount: koboToNgn(f.amount_kobo) },
      },
      n,
    ),
  );

  // Companies suspended by the admin, and API keys made by their companies' owners.
  const suspended = await rows<{ id: string; suspended_at: Date }>(
    tx,
    'SELECT id, suspended_at FROM companies WHERE suspended_at IS NOT NULL',
  );
  for (const c of suspended) {
    add(
      {
        actorId: admin.id,
        companyId: c.id,
        action: 'company.suspend',
        targetType: 'company',
        targetId: c.id,
        outcome: 200,
        at: c.suspended_at,
        detail: { status: 'suspended' },
      },
      0,
    );
  }
  const keys = await rows<{
    id: string;
    company_id: string;
    created_by: string;
    name: string;
    created_at: Date;
    revoked_at: Date | null;
  }>(tx, 'SELECT id, company_id, created_by, name, created_at, revoked_at FROM api_keys');
  for (const k of keys) {
    const key = { actorId: k.created_by, companyId: k.company_id, targetType: 'api_key' };
    add({ ...key, action: 'api_key.create', targetId: k.id, outcome: 201, at: k.created_at }, 1);
    if (k.revoked_at) {
      add({ ...key, action: 'api_key.revoke', targetId: k.id, outcome: 200, at: k.revoked_at }, 1);
    }
  }

  entries.sort((a, b) => a.at!.getTime() - b.at!.getTime());
  for (const entry of entries) await audit.record(entry);
};
