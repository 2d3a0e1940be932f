import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queueSchemaOf } from '../../../server/db/queueSchema';
import { checksQueueingOf, queueChecks } from '../../../server/services/checks/runner';
import { throttles } from '../../../server/services/throttles';
import {
  agentJob,
  cast,
  detail,
  goodFields,
  partnerJob,
  photoSet,
  submit,
  without,
  type Cast,
} from '../capture/support';
import type { TestContext } from '../helpers';
import { createJob, createJobsTestApp, signIn, type Headers } from '../jobs/support';
import { quickWebhooks, register, startReceiver } from '../webhooks/support';
import {
  fakeCheckers,
  matchingBill,
  nearPlace,
  oneFace,
  warning,
  type FakeBehaviour,
} from './support';

const behaviour: FakeBehaviour = { bill: matchingBill(), place: nearPlace(), face: oneFace() };
const fakes = fakeCheckers(behaviour);
let ctx: TestContext;
let c: Cast;

beforeAll(async () => {
  ctx = await createJobsTestApp(
    { checks: true, webhooks: quickWebhooks },
    { checkers: fakes.checkers },
  );
  c = await cast(ctx.app, ctx.db);
});
afterAll(() => ctx.close());
beforeEach(() => {
  Object.assign(behaviour, { bill: matchingBill(), place: nearPlace(), face: oneFace() });
  delete behaviour.billGate;
});

type Detail = {
  code: string;
  subject_name: string;
  capture: {
    submission: { warnings: { code: string; message: string }[] } | null;
    checks?: {
      status: string;
      checked_at: string | null;
      bill?: { text: string; name_score: number; bill_date: string | null; ms: number };
      place?: { distance_km: number; in_claimed_state: boolean };
      face?: { faces: number; agent_match_score?: number };
      failed_parts: string[];
    } | null;
  };
};
const jobDetail = async (headers: Headers, id: string) =>
  (await detail(ctx.app, headers, id)) as Detail;
const settle = () => ctx.app.queue.settled(['checks', 'webhook']);

/** A job of the owner done by the agent: submitted, its checks run. */
async function submittedJob(fields: Record<string, string> = goodFields()) {
  const { job, token } = await agentJob(ctx.app, ctx.db, c);
  const res = await submit(ctx.app, token, fields, await photoSet());
  expect(res.statusCode).toBe(201);
  return job;
}

const queuedChecks = async () => {
  const r = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${await queueSchemaOf(ctx.db)}.job WHERE name = 'checks'`,
  );
  return r.rows[0]!.n;
};

describe('the checks of a submission', () => {
  it('run after the submission and show in the profile of everyone who sees the job', async () => {
    behaviour.bill = {
      ...matchingBill(),
      warnings: [warning('bill_name_mismatch', 'The bill names someone else: CHIDI EZE')],
    };
    const { job, token } = await partnerJob(ctx.app, c);
    const fields = goodFields();
    expect((await submit(ctx.app, token, fields, await photoSet())).statusCode).toBe(201);
    await settle();

    for (const who of [c.owner, c.partner, c.admin]) {
      const d = await jobDetail(who.headers, job.id);
      expect(d.capture.checks).toMatchObject({
        status: 'done',
        bill: { name_score: 0.96, bill_date: '2026-05-01', ms: 1840, issuer: 'Ikeja Electric Plc' },
        place: { distance_km: 3.4, in_claimed_state: true, hq: { name: 'Ikeja' } },
        face: { faces: 1 },
        failed_parts: [],
      });
      expect(d.capture.checks!.checked_at).not.toBeNull();
      // beside the submission's own warnings, in the same list and shape
      expect(d.capture.submission!.warnings).toContainEqual({
        code: 'bill_name_mismatch',
        message: 'The bill names someone else: CHIDI EZE',
      });
    }
    const outsider = await ctx.app.inject({
      url: `/api/v2/job/detail/${job.id}`,
      headers: c.outsider.headers,
    });
    expect(outsider.statusCode).toBe(404);

    // the checks compared the evidence with this job's claim, point and capture time
    const d = await jobDetail(c.owner.headers, job.id);
    const bill = fakes.calls.bill.at(-1)!;
    expect(bill.claim).toEqual({
      subjectName: d.subject_name,
      address: '12 Allen Avenue',
      stateAlias: 'lagos',
      lga: expect.any(String),
    });
    expect(bill.capturedAt.toISOString()).toBe(new Date(fields.captured_at!).toISOString());
    expect(fakes.calls.place.at(-1)!.point).toEqual({ lat: 6.6018, lng: 3.3515 });
    expect(fakes.calls.face.at(-1)!.agentPhoto).toBeNull();
  });

  it('keep one bill reader warm from one submission to the next', async () => {
    const before = fakes.calls.billCheckersMade;
    await submittedJob();
    await submittedJob();
    await settle();
    expect(fakes.calls.bill.length).toBeGreaterThanOrEqual(2);
    expect(fakes.calls.billCheckersMade - before).toBeLessThanOrEqual(1);
  });

  it('warm() (the server, at start) makes each checker once, and the first submission uses them', async () => {
    const own = fakeCheckers({ bill: matchingBill(), place: nearPlace(), face: oneFace() });
    const app = await createJobsTestApp({ checks: true }, { checkers: own.checkers });
    try {
      await app.app.checks.warm();
      expect(own.calls.warmed).toEqual(['bill', 'face']);
      const cc = await cast(app.app, app.db);
      const { token } = await agentJob(app.app, app.db, cc);
      expect((await submit(app.app, token, goodFields(), await photoSet())).statusCode).toBe(201);
      await app.app.queue.settled(['checks']);
      expect(own.calls.bill).toHaveLength(1);
      expect(own.calls.face).toHaveLength(1);
      expect([own.calls.billCheckersMade, own.calls.faceCheckersMade]).toEqual([1, 1]);
    } finally {
      await app.close();
    }
    expect(own.calls.closed.sort()).toEqual(['bill', 'face']);
    // Closed: warming again makes nothing.
    await app.app.checks.warm();
    expect(own.calls.warmed).toEqual(['bill', 'face']);
  });

  it('leave the place out of a submission without GPS', async () => {
    const placeCalls = fakes.calls.place.length;
    const job = await submittedJob(without(goodFields(), 'lat', 'lng', 'accuracy'));
    await settle();
    const d = await jobDetail(c.owner.headers, job.id);
    expect(d.capture.checks!.status).toBe('done');
    expect(d.capture.checks!.place).toBeUndefined();
    expect(d.capture.checks!.bill).toBeDefined();
    expect(fakes.calls.place.length).toBe(placeCalls);
  });

  it('compare the selfie with the agent’s application photo when the agent has one', async () => {
    const photo = (await photoSet()).selfie;
    const stored = await ctx.app.storage.put(photo, 'agent-photos', '.jpg');
    await ctx.db.query(
      `INSERT INTO agent_applications
         (code, status, first_name, last_name, email, phone, state, lgas, nin, bank_code,
          account_number, account_name, photo_key, photo_sha256, decided_at, account_id)
       VALUES ('APP-CHECKS', 'approved', 'Ada', 'Agent', $1, '+2348031234567', 'lagos',
               '{Ikeja}', '12345678901', '058', '0123456789', 'Ada Agent', $2, $3, now(), $4)`,
      [c.agent.account.email, stored.key, stored.sha256, c.agent.account.id],
    );
    await submittedJob();
    await settle();
    expect(fakes.calls.face.at(-1)!.agentPhoto).toBe(photo.length);
  });

  it('a submission that rolls back queues no checks', async () => {
    const job = await submittedJob();
    await settle();
    const row = await ctx.app.repos.captureChecks.forJob(job.id);
    const queued = await queuedChecks();
    await expect(
      ctx.db.transaction(async (tx) => {
        await queueChecks(checksQueueingOf(ctx.app), row!.submission_id, job.id, tx);
        throw new Error('the submission failed after');
      }),
    ).rejects.toThrow('the submission failed after');
    expect(await queuedChecks()).toBe(queued);
    expect(await ctx.app.repos.captureChecks.forJob(job.id)).toEqual(row);
  });
});

describe('one check failing', () => {
  it('keeps the others and names the part that failed', async () => {
    behaviour.bill = new Error('OCR worker crashed');
    const job = await submittedJob();
    await settle();
    const checks = (await jobDetail(c.admin.headers, job.id)).capture.checks!;
    expect(checks.status).toBe('done');
    expect(checks.failed_parts).toEqual(['bill']);
    expect(checks.bill).toBeUndefined();
    expect(checks.place).toMatchObject({ distance_km: 3.4 });
    expect(checks.face).toEqual({ faces: 1 });
    // the broken reader is closed and a fresh one made for the next bill
    expect(fakes.calls.closed).toContain('bill');
    const row = await ctx.app.repos.captureChecks.forJob(job.id);
    expect(row!.error).toBe('bill: OCR worker crashed');
  });

  it('is failed only when nothing could be checked', async () => {
    behaviour.bill = new Error('no OCR');
    behaviour.place = new Error('no map');
    behaviour.face = new Error('no faces');
    const job = await submittedJob();
    await settle();
    const checks = (await jobDetail(c.admin.headers, job.id)).capture.checks!;
    expect(checks.status).toBe('failed');
    expect(checks.failed_parts).toEqual(['place', 'bill', 'face']);
  });
});

describe('POST /jobs/{id}/checks', () => {
  const checkAgain = (headers: Headers, id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/v2/jobs/${id}/checks`, headers });

  it('a reviewer queues them again: 202 pending, then done with the new results', async () => {
    const job = await submittedJob();
    await settle();
    behaviour.face = { check: { faces: 2 }, warnings: [warning('several_faces', '2 faces')] };
    const staff = await signIn(ctx.app, ctx.db, 'staff');
    const res = await checkAgain(staff.headers, job.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'pending', checked_at: null, failed_parts: [] });
    expect(res.json().bill).toBeUndefined();
    await settle();
    const d = await jobDetail(c.owner.headers, job.id);
    expect(d.capture.checks).toMatchObject({ status: 'done', face: { faces: 2 } });
    expect(d.capture.submission!.warnings.map((w) => w.code)).toContain('several_faces');
    const audit = await ctx.db.query<{ action: string; target_id: string }>(
      `SELECT action, target_id FROM audit_log WHERE actor_id = $1`,
      [staff.account.id],
    );
    expect(audit.rows).toContainEqual({ action: 'job.checks', target_id: job.id });
  });

  it('checks the selfie while the bill is still being read', async () => {
    let open!: () => void;
    behaviour.billGate = new Promise<void>((r) => (open = r));
    const [bills, faces] = [fakes.calls.bill.length, fakes.calls.face.length];
    const job = await submittedJob();
    await expect.poll(() => fakes.calls.bill.length, { timeout: 20_000 }).toBe(bills + 1);
    // the bill reader holds its answer: the face check runs meanwhile, not after it
    await expect.poll(() => fakes.calls.face.length, { timeout: 20_000 }).toBe(faces + 1);
    expect((await ctx.app.repos.captureChecks.forJob(job.id))?.status).toBe('pending');
    open();
    await settle();
    const d = await jobDetail(c.owner.headers, job.id);
    expect(d.capture.checks).toMatchObject({ status: 'done', face: { faces: 1 } });
  });

  it('an older run finishing after a newer one was asked for does not overwrite it', async () => {
    const gate = () => {
      let open!: () => void;
      const promise = new Promise<void>((r) => (open = r));
      return { promise, open };
    };
    const first = gate();
    const second = gate();
    behaviour.billGate = first.promise;
    const before = fakes.calls.bill.length;
    const job = await submittedJob();
    // the first run waits in the bill reader (on PostgreSQL the worker finds it by polling, in
    // about a second or two); a reviewer asks again meanwhile
    await expect.poll(() => fakes.calls.bill.length, { timeout: 20_000 }).toBe(before + 1);
    expect((await checkAgain(c.admin.headers, job.id)).statusCode).toBe(202);
    behaviour.bill = { ...matchingBill(), warnings: [warning('bill_too_old', 'old')] };
    behaviour.billGate = second.promise;
    first.open();
    // the first run is over (the second reads the bill): its results were not stored
    await expect.poll(() => fakes.calls.bill.length, { timeout: 20_000 }).toBe(before + 2);
    const between = await ctx.app.repos.captureChecks.forJob(job.id);
    expect(between).toMatchObject({ status: 'pending', run: 2, bill: null, warnings: [] });
    second.open();
    await settle();
    const d = await jobDetail(c.owner.headers, job.id);
    expect(d.capture.checks!.status).toBe('done');
    expect(d.capture.submission!.warnings.map((w) => w.code)).toContain('bill_too_old');
  });

  it('is refused to companies and to staff without the review right', async () => {
    const job = await submittedJob();
    await settle();
    expect((await checkAgain(c.owner.headers, job.id)).statusCode).toBe(403);
    expect((await checkAgain(c.partner.headers, job.id)).statusCode).toBe(403);
    const viewer = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['View Job History'] });
    expect((await checkAgain(viewer.headers, job.id)).statusCode).toBe(403);
    // nothing was queued: the checks stay done
    expect((await jobDetail(c.owner.headers, job.id)).capture.checks!.status).toBe('done');
  });

  it('answers 404 for a job that does not exist, 409 for one without evidence', async () => {
    const missing = await checkAgain(c.admin.headers, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    const bad = await checkAgain(c.admin.headers, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    const job = await createJob(ctx.app, c.owner.headers);
    const none = await checkAgain(c.admin.headers, job.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`${job.code} has no submitted evidence to check yet`);
  });

  it(`allows a reviewer ${throttles.checksPerReviewer.limit} an hour, then 429`, async () => {
    const job = await submittedJob();
    await settle();
    const reviewer = await signIn(ctx.app, ctx.db, 'staff');
    for (let i = 0; i < throttles.checksPerReviewer.limit; i++) {
      expect((await checkAgain(reviewer.headers, job.id)).statusCode).toBe(202);
    }
    const over = await checkAgain(reviewer.headers, job.id);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // another reviewer is not held back by this one
    expect((await checkAgain(c.admin.headers, job.id)).statusCode).toBe(202);
    await settle();
  });
});

describe('the job.checked webhook', () => {
  it('tells the owner company when the checks are done, with their outcome', async () => {
    const receiver = await startReceiver();
    try {
      await register(ctx.app, c.owner.headers, receiver.url, ['job.checked']);
      behaviour.place = {
        ...nearPlace(),
        warnings: [warning('far_from_claimed_place', '212 km from Ikeja')],
      };
      const job = await submittedJob();
      await settle();
      const checked = receiver.received.filter((r) => r.body.type === 'job.checked');
      expect(checked).toHaveLength(1);
      const data = checked[0]!.body.data as unknown as {
        job: { id: string; code: string };
        checks: { status: string; warnings: string[]; failed_parts: string[] };
      };
      expect(data.job).toMatchObject({ id: job.id, code: job.code });
      expect(data.checks).toEqual({
        status: 'done',
        warnings: ['far_from_claimed_place'],
        failed_parts: [],
      });
      // codes only: the warnings' words may name the subject
      expect(checked[0]!.raw).not.toContain('212 km');
    } finally {
      await receiver.close();
    }
  });
});

describe('CHECKS=off', () => {
  it('leaves submissions pending, queues nothing and refuses to check again', async () => {
    const off = await createJobsTestApp({ checks: false }, { checkers: fakes.checkers });
    try {
      const cc = await cast(off.app, off.db);
      const { job, token } = await agentJob(off.app, off.db, cc);
      expect((await submit(off.app, token, goodFields(), await photoSet())).statusCode).toBe(201);
      await off.app.queue.settled();
      const d = (await detail(off.app, cc.owner.headers, job.id)) as Detail;
      expect(d.capture.checks).toMatchObject({ status: 'pending', checked_at: null });
      const r = await off.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${await queueSchemaOf(off.db)}.job WHERE name = 'checks'`,
      );
      expect(r.rows[0]!.n).toBe(0);
      const again = await off.app.inject({
        method: 'POST',
        url: `/api/v2/jobs/${job.id}/checks`,
        headers: cc.admin.headers,
      });
      expect(again.statusCode).toBe(409);
    } finally {
      await off.close();
    }
  });
});
