import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRepository, type JobScope } from '../../../server/repositories/jobs';
import { jobStatuses } from '../../../server/services/jobStateMachine';
import { createUser, freshDb } from '../helpers';
import type { Db } from '../../../server/db';

/**
 * `job_counts` is kept by triggers; list totals read it. After every kind of write it must equal
 * counting the jobs themselves, for every scope and status.
 */
describe('job counters', () => {
  let db: Db;
  let owner: { id: string; company_id: string };
  let partner: { id: string; company_id: string };
  let agentId: string;

  beforeAll(async () => {
    db = await freshDb();
    owner = (await createUser(db, { role: 'company' })).account as typeof owner;
    partner = (await createUser(db, { role: 'company' })).account as typeof partner;
    agentId = (await createUser(db, { role: 'agent' })).account.id;
  });
  afterAll(() => db.close());

  async function expectCountersToMatch() {
    const jobs = createJobsRepository(db);
    const scopes: JobScope[] = [
      { kind: 'all' },
      { kind: 'company', companyId: owner.company_id },
      { kind: 'company', companyId: partner.company_id },
      { kind: 'agent', agentId },
    ];
    for (const scope of scopes) {
      for (const status of [undefined, ...jobStatuses]) {
        // An always-true extra filter forces the counting path; the status-only one reads counters.
        const counted = await jobs.count(scope, { status, createdFrom: new Date(0) });
        expect(await jobs.count(scope, { status }), `${scope.kind} ${status ?? 'any'}`).toBe(
          counted,
        );
      }
      // The dashboard's counts: totals from the counters, overdue counted, as counting them all.
      const forced = { createdFrom: new Date(0) };
      const sorted = <T extends { status: string }>(rows: T[]) =>
        [...rows].sort((a, b) => a.status.localeCompare(b.status));
      const fromCounters = sorted(await jobs.countsByStatus(scope));
      expect(fromCounters.filter((r) => r.n > 0)).toEqual(
        sorted(await jobs.countsByStatus(scope, forced)),
      );
      const own = { ownerCompanyId: owner.company_id };
      expect(sorted(await jobs.countsByStatus(scope, own)).filter((r) => r.n > 0)).toEqual(
        sorted(await jobs.countsByStatus(scope, { ...own, ...forced })),
      );
    }
  }

  it('follows bulk inserts, COPY, status moves, reassignment and deletes', async () => {
    const jobs = createJobsRepository(db);
    const job = (i: number) => ({
      type: 'address' as const,
      company_id: owner.company_id,
      created_by: owner.id,
      state: 'lagos',
      lga: 'Ikeja',
      subject_name: `Person ${i}`,
      fields: { first_name: 'P', last_name: String(i) },
    });
    await db.transaction((tx) =>
      jobs.insertMany(
        Array.from({ length: 300 }, (_, i) => job(i)),
        owner.id,
        tx,
      ),
    );
    await expectCountersToMatch();

    await db.query(
      `UPDATE jobs SET status = 'assigned', assignee_type = 'company', assignee_company_id = $1,
                            due_at = now() + CASE WHEN hashtext(id::text) % 2 = 0 THEN interval '-1 hour' ELSE interval '1 day' END
                     WHERE id IN (SELECT id FROM jobs ORDER BY created_at, id LIMIT 100)`,
      [partner.company_id],
    );
    await db.query(
      `UPDATE jobs SET status = 'assigned', assignee_type = 'agent', assignee_agent_id = $1
                     WHERE status = 'pending' AND id IN (SELECT id FROM jobs WHERE status = 'pending' LIMIT 50)`,
      [agentId],
    );
    await db.query(
      `UPDATE jobs SET status = 'accepted' WHERE id IN (SELECT id FROM jobs WHERE assignee_company_id IS NOT NULL LIMIT 30)`,
    );
    await expectCountersToMatch();
    const overdue = await jobs.countsByStatus({ kind: 'company', companyId: owner.company_id });
    expect(overdue.find((r) => r.status === 'assigned')?.overdue).toBeGreaterThan(10);

    // Reassign from the partner to the agent, then cancel and delete some.
    await db.query(
      `UPDATE jobs SET assignee_type = 'agent', assignee_company_id = NULL, assignee_agent_id = $1
                     WHERE id IN (SELECT id FROM jobs WHERE status = 'assigned' AND assignee_company_id IS NOT NULL LIMIT 20)`,
      [agentId],
    );
    await db.query(
      `UPDATE jobs SET status = 'cancelled' WHERE id IN (SELECT id FROM jobs WHERE status = 'pending' LIMIT 25)`,
    );
    await db.query(
      `DELETE FROM jobs WHERE id IN (SELECT id FROM jobs WHERE status = 'cancelled' LIMIT 10)`,
    );
    await expectCountersToMatch();

    // A rolled-back write leaves the counters as they were.
    const before = await jobs.count({ kind: 'all' }, {});
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`UPDATE jobs SET status = 'approved'`);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await jobs.count({ kind: 'all' }, {})).toBe(before);
    expect(before).toBe(290);
  });
});
