import { queueSchemaOf } from '../../../server/db/queueSchema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closedJobStatuses, jobActions } from '../../../reference/jobStatuses';
import { canMove } from '../../../server/services/jobStateMachine';
import { queueNames } from '../../../server/services/queue';
import { runRetention } from '../../../server/services/retention';
import { cast, detail, type Cast } from '../capture/support';
import { configFromEnv, type TestContext } from '../helpers';
import { addressFields, createJob, createJobsTestApp } from '../jobs/support';
import { ledgerInvariants, walletOf } from '../money/support';
import { balancedLedger, closedDaysAgo, filesOf, fullJob, personalDataOf, stored } from './support';

let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());

const jobRow = async (id: string) =>
  (
    await ctx.db.query(
      `SELECT code, type, status, company_id, state, lga, price_kobo, fee_kobo, rating,
              assignee_agent_id, assigned_at, due_at, created_at, updated_at, erased_at
         FROM jobs WHERE id = $1`,
      [id],
    )
  ).rows[0]!;

const retentionAudits = async (jobId: string) =>
  (
    await ctx.db.query<{ actor_id: string | null; company_id: string; detail: object }>(
      `SELECT actor_id, company_id, detail FROM audit_log
        WHERE action = 'retention.erase' AND target_type = 'job' AND target_id = $1`,
      [jobId],
    )
  ).rows;

describe('retention: closed jobs past RETENTION_DAYS lose their personal data', () => {
  it('erases the old closed job only: fields, evidence, files, reasons, webhook copies and texts; keeps codes, statuses, dates and money', async () => {
    const old = await fullJob(ctx.app, ctx.db, c, addressFields({ first_name: 'Ngozi' }));
    const recent = await fullJob(ctx.app, ctx.db, c, addressFields({ first_name: 'Tunde' }));
    const open = await createJob(ctx.app, c.owner.headers, addressFields({ first_name: 'Ada' }));
    await closedDaysAgo(ctx.db, old, 400);
    await closedDaysAgo(ctx.db, recent, 100);
    await closedDaysAgo(ctx.db, open.id, 400);
    // A webhook event kept the job as it was sent; a text carried its capture link to a phone.
    for (const id of [old, recent]) {
      await ctx.db.query(`INSERT INTO sms_outbox (job_id, to_phone) VALUES ($1, '2348031234567')`, [
        id,
      ]);
      await ctx.db.query(
        `INSERT INTO webhook_events (company_id, job_id, type, payload)
         SELECT company_id, id, 'job.approved', jsonb_build_object('job', to_jsonb(j)) FROM jobs j
          WHERE id = $1`,
        [id],
      );
    }
    const oldFiles = await filesOf(ctx.db, old);
    expect(oldFiles).toHaveLength(4); // three photos, one attachment
    for (const key of oldFiles) expect(await stored(ctx.app, key)).toBe(true);
    const before = await jobRow(old);
    const recentBefore = await personalDataOf(ctx.db, recent);
    const openBefore = await personalDataOf(ctx.db, open.id);
    const wallet = await walletOf(ctx.db, c.owner.companyId!);

    expect(await runRetention(ctx.app, 365)).toEqual({ jobs: 1, files: 4 });

    expect(await personalDataOf(ctx.db, old)).toEqual({
      subject_name: '',
      fields: {},
      submission: [
        { lat: null, lng: null, accuracy_m: null, location_text: null, captured_at: null },
      ],
      reasons: [],
      files: [],
      webhookJobs: [expect.objectContaining({ subject_name: '', fields: {} })],
      texts: [],
    });
    for (const key of oldFiles) expect(await stored(ctx.app, key)).toBe(false);
    expect(await ctx.db.query('SELECT * FROM file_deletions')).toMatchObject({ rows: [] });
    const after = await jobRow(old);
    expect(after).toEqual({ ...before, erased_at: expect.any(Date) });
    expect(after.status).toBe('approved');
    expect(await retentionAudits(old)).toEqual([
      { actor_id: null, company_id: c.owner.companyId, detail: { files: 4 } },
    ]);

    // the recent closed job and the open one are untouched
    expect(await personalDataOf(ctx.db, recent)).toEqual(recentBefore);
    expect(recentBefore.files).toHaveLength(4);
    expect(recentBefore.texts).toEqual(['2348031234567']);
    for (const key of recentBefore.files) expect(await stored(ctx.app, key)).toBe(true);
    expect(await personalDataOf(ctx.db, open.id)).toEqual(openBefore);
    expect(openBefore.subject_name).toBe('Ada Okeke');
    expect((await jobRow(recent)).erased_at).toBeNull();
    expect((await jobRow(open.id)).erased_at).toBeNull();

    // money is untouched and the ledger still balances
    expect(await walletOf(ctx.db, c.owner.companyId!)).toBe(wallet);
    expect(await ledgerInvariants(ctx.db)).toEqual(balancedLedger);

    // the job page says so and shows no evidence or attachment to break
    const d = await detail(ctx.app, c.owner.headers, old);
    expect(d.erased_at).toBe((after.erased_at as Date).toISOString());
    expect(d.subject_name).toBe('');
    expect(d.attachments).toEqual([]);
    expect(d.capture.submission.photos).toEqual([]);
    expect(d.capture.submission.lat).toBeNull();
    expect(d.events.map((e: { to_status: string }) => e.to_status)).toContain('approved');
    expect((await detail(ctx.app, c.owner.headers, recent)).erased_at).toBeNull();

    // a second run finds nothing more to do
    expect(await runRetention(ctx.app, 365)).toEqual({ jobs: 0, files: 0 });
    expect(await retentionAudits(old)).toHaveLength(1);
    expect(await jobRow(old)).toEqual(after);
  });

  it('counts a job closed from when it closed, not when it was created', async () => {
    const id = await fullJob(ctx.app, ctx.db, c);
    // created 500 days ago, closed 10 days ago
    await ctx.db.query(
      `UPDATE jobs SET created_at = created_at - interval '500 days' WHERE id = $1`,
      [id],
    );
    expect(await runRetention(ctx.app, 365)).toEqual({ jobs: 0, files: 0 });
    expect(await runRetention(ctx.app, 365, new Date(Date.now() + 366 * 86_400_000))).toEqual({
      jobs: expect.any(Number),
      files: expect.any(Number),
    });
    expect((await jobRow(id)).erased_at).not.toBeNull();
  });

  it('works in batches, each its own transaction, until none is left', async () => {
    const ids = [await fullJob(ctx.app, ctx.db, c), await fullJob(ctx.app, ctx.db, c)];
    for (const id of ids) await closedDaysAgo(ctx.db, id, 1000);
    const transaction = vi.spyOn(ctx.db, 'transaction');
    expect(await runRetention(ctx.app, 365, new Date(), 1)).toEqual({ jobs: 2, files: 8 });
    // one per job, and one that found none left
    expect(transaction).toHaveBeenCalledTimes(3);
    transaction.mockRestore();
  });

  it('a file the store fails to delete stays queued and is deleted on the next run; no row points at it', async () => {
    const id = await fullJob(ctx.app, ctx.db, c);
    await closedDaysAgo(ctx.db, id, 400);
    const [first, ...rest] = await filesOf(ctx.db, id);
    const remove = vi.spyOn(ctx.app.storage, 'remove');
    remove.mockImplementationOnce(() => Promise.reject(new Error('S3 unreachable')));
    expect(await runRetention(ctx.app, 365)).toEqual({ jobs: 1, files: 3 });
    remove.mockRestore();
    expect(await filesOf(ctx.db, id)).toEqual([]);
    expect(await stored(ctx.app, first!)).toBe(true);
    for (const key of rest) expect(await stored(ctx.app, key)).toBe(false);
    expect(
      (await ctx.db.query('SELECT storage_key, attempts, last_error FROM file_deletions')).rows,
    ).toEqual([{ storage_key: first, attempts: 1, last_error: 'S3 unreachable' }]);

    expect(await runRetention(ctx.app, 365)).toEqual({ jobs: 0, files: 1 });
    expect(await stored(ctx.app, first!)).toBe(false);
    expect((await ctx.db.query('SELECT * FROM file_deletions')).rows).toEqual([]);
  });

  it('runs as the daily retention queue, and on demand', async () => {
    const id = await fullJob(ctx.app, ctx.db, c);
    await closedDaysAgo(ctx.db, id, 400);
    await ctx.app.queue.send(queueNames.retention, {});
    await vi.waitFor(async () => expect((await jobRow(id)).erased_at).not.toBeNull(), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await retentionAudits(id)).toHaveLength(1);
    const schedule = await ctx.db.query<{ cron: string }>(
      `SELECT cron FROM ${await queueSchemaOf(ctx.db)}.schedule WHERE name = $1`,
      [queueNames.retention],
    );
    expect(schedule.rows).toEqual([{ cron: '17 2 * * *' }]);
  });

  it('closed statuses are those no action leads out of', () => {
    for (const status of closedJobStatuses) {
      expect(jobActions.filter((a) => canMove(status, a))).toEqual([]);
    }
    // and every other status still has a way on
    for (const status of ['pending', 'assigned', 'accepted', 'declined', 'submitted'] as const) {
      expect(jobActions.some((a) => canMove(status, a))).toBe(true);
    }
  });

  it('RETENTION_DAYS is read from the environment, 365 by default', () => {
    expect(configFromEnv({}).retentionDays).toBe(365);
    expect(configFromEnv({ RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    expect(() => configFromEnv({ RETENTION_DAYS: '0' })).toThrow(
      /RETENTION_DAYS must be a whole number/,
    );
  });
});
