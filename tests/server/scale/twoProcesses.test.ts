import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canStartCluster, startCluster, type Cluster } from '../../../scripts/cluster';
import {
  call,
  capturePhotos,
  captureForm,
  createAddressJob,
  expectStatus,
  jobWithCaptureLink,
  signIn,
  submitCapture,
  type CreatedJob,
  type Reply,
  type Session,
} from '../../../scripts/clusterClient';
import type { Db } from '../../../server/db';
import { openPostgres } from '../../../server/db/postgres';
import { startReceiver, type Receiver } from '../webhooks/support';
import { ledgerInvariants, walletOf } from '../money/support';

/**
 * Two real API processes (`scripts/cluster.ts`) on one PostgreSQL, each request of a pair sent to
 * a different process at the same moment: what one process decides, the other must see.
 */
describe.skipIf(!canStartCluster())('two API processes on one PostgreSQL', () => {
  let cluster: Cluster;
  let db: Db;
  let a: string;
  let b: string;
  let company: Session;
  let admin: Session;
  let agentId: string;
  let receiver: Receiver;

  beforeAll(async () => {
    cluster = await startCluster({
      processes: 2,
      databaseUrl: process.env.DATABASE_URL,
      // Webhooks to the test's receiver on 127.0.0.1.
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', CHECKS: 'off' },
    });
    [a, b] = cluster.urls as [string, string];
    db = await openPostgres(cluster.databaseUrl, 2);
    company = await signIn(a, 'company@demo.ng', 'Company1234!');
    admin = await signIn(b, 'admin@demo.ng', 'Admin1234!');
    const agent = await db.query<{ id: string }>(
      `SELECT id FROM accounts WHERE role = 'agent' AND status = 1 AND first_name = 'Chinedu'`,
    );
    agentId = agent.rows[0]!.id;
    receiver = await startReceiver();
    // The demo's endpoint points at a host that does not exist: only the receiver's counts here.
    const endpoints = await call<{ id: string }[]>(a, 'GET', '/webhooks', {
      token: company.accessToken,
    });
    for (const e of expectStatus(endpoints, 200, 'webhooks')) {
      await call(a, 'DELETE', `/webhooks/${e.id}`, { token: company.accessToken });
    }
    const hook = await call(b, 'POST', '/webhooks', {
      token: company.accessToken,
      json: { url: receiver.url, events: ['job.created'] },
    });
    expectStatus(hook, 201, 'webhook');
  }, 240_000);

  // A failure on CI leaves only this output: the processes' errors (a 500's cause) go with it.
  afterEach(({ task }) => {
    if (task.result?.state !== 'fail') return;
    for (const p of cluster.processes) {
      const errors = p
        .log()
        .split('\n')
        .filter((line) => /"level":(50|60)\b/.test(line));
      if (errors.length) console.error(`${p.url} logged:\n${errors.join('\n')}`);
    }
  });

  afterAll(async () => {
    await receiver?.close();
    await db?.close();
    await cluster?.stop();
  }, 60_000);

  /** The same request to both processes at the same moment. */
  const both = <T>(send: (url: string) => Promise<Reply<T>>) => Promise.all([send(a), send(b)]);
  const statuses = (replies: Reply[]) => replies.map((r) => r.status).sort();
  let jobNumber = 0;

  it('rotates a refresh token once: sent to both at once, one 200 and the session ends', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await signIn(round % 2 ? a : b, 'company@demo.ng', 'Company1234!');
      const replies = await both((url) =>
        call<Session>(url, 'POST', '/auth/refresh', { json: { refreshToken: s.refreshToken } }),
      );
      expect(statuses(replies)).toEqual([200, 401]);
      // The loser presented a spent token: reuse ends the whole session, the winner's pair too.
      const winner = replies.find((r) => r.status === 200)!.body;
      for (const url of [a, b]) {
        const again = await call(url, 'POST', '/auth/refresh', {
          json: { refreshToken: winner.refreshToken },
        });
        expect(again.status).toBe(401);
        expect((await call(url, 'GET', '/auth/me', { token: winner.accessToken })).status).toBe(
          401,
        );
      }
    }
  });

  it('counts sign-in attempts across both processes: the limit trips at the same count as on one', async () => {
    const attempt = (url: string, email: string) =>
      call(url, 'POST', '/auth/login', { json: { email, password: 'Not-the-password-1' } });
    const oneProcess: number[] = [];
    for (let i = 0; i < 11; i++) oneProcess.push((await attempt(a, 'guess.one@example.ng')).status);
    const alternating: number[] = [];
    for (let i = 0; i < 11; i++) {
      alternating.push((await attempt(i % 2 ? b : a, 'guess.two@example.ng')).status);
    }
    expect(oneProcess).toEqual([...Array<number>(10).fill(401), 429]);
    expect(alternating).toEqual(oneProcess);
    // At once, half to each: exactly the limit gets through, counted in the database.
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt(i % 2 ? b : a, 'guess.three@example.ng')),
    );
    expect(burst.filter((r) => r.status === 401)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(6);
  });

  it('runs a request once for an Idempotency-Key sent to both at once; both end with the same answer', async () => {
    for (let round = 0; round < 3; round++) {
      const n = ++jobNumber;
      const key = randomUUID();
      const send = (url: string) =>
        createAddressJob(url, company.accessToken, n, { 'idempotency-key': key });
      const replies = await both(send);
      // The second either replays the first answer or, still in flight, is told to retry.
      expect(statuses(replies).every((s) => s === 201 || s === 409)).toBe(true);
      expect(replies.some((r) => r.status === 201)).toBe(true);
      const answers: CreatedJob[] = [];
      for (const [i, reply] of replies.entries()) {
        let r = reply;
        for (let tries = 0; r.status === 409 && tries < 100; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          r = await send(i ? b : a);
        }
        answers.push(expectStatus(r as Reply<CreatedJob>, 201, 'idempotent create'));
      }
      expect(answers[1]).toEqual(answers[0]);
      const made = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE fields->>'last_name' = $1`,
        [`Cluster${n}`],
      );
      expect(made.rows[0]!.n).toBe(1);
    }
  });

  it('keeps the ledger whole under charges and fundings through both at once', async () => {
    const companyId = company.account.company_id!;
    const before = await walletOf(db, companyId);
    const fundings = Array.from({ length: 10 }, (_, i) =>
      call(i % 2 ? a : b, 'POST', '/wallet/fund', {
        token: admin.accessToken,
        json: {
          company_id: companyId,
          amount: 1000 + i,
          reference: `CLUSTER-${randomUUID()}`,
          paid_at: '2026-01-15',
        },
      }),
    );
    const creates = Array.from({ length: 10 }, (_, i) =>
      createAddressJob(i % 2 ? b : a, company.accessToken, ++jobNumber),
    );
    const replies = await Promise.all([...fundings, ...creates]);
    expect(replies.map((r) => r.status)).toEqual([
      ...Array<number>(10).fill(201),
      ...Array<number>(10).fill(201),
    ]);
    const jobIds = replies.slice(10).map((r) => (r.body as CreatedJob).id);
    const charged = await db.query<{ n: number }>(
      'SELECT sum(price_kobo)::int AS n FROM jobs WHERE id = ANY($1)',
      [jobIds],
    );
    const funded = Array.from({ length: 10 }, (_, i) => (1000 + i) * 100).reduce((s, k) => s + k);
    // No update lost: the balance moved by exactly what was posted, and every posting balances.
    expect(charged.rows[0]!.n).toBeGreaterThan(0);
    expect(await walletOf(db, companyId)).toBe(before + funded - charged.rows[0]!.n);
    const invariants = await ledgerInvariants(db);
    expect(invariants.mismatched).toEqual([]);
    expect(invariants.unbalanced).toEqual([]);
    expect(invariants.negative).toEqual([]);
    expect(invariants.total).toBe(0);
  });

  it('accepts one capture submission of a link submitted to both at once', async () => {
    const photos = await capturePhotos();
    const tokens = { company: company.accessToken, admin: admin.accessToken };
    for (let round = 0; round < 3; round++) {
      // Two phones with the same link: two submissions, one accepted, the other refused.
      const two = await jobWithCaptureLink(a, tokens, agentId, ++jobNumber);
      const rivals = await both((url) => submitCapture(url, two.token, captureForm(photos)));
      expect(statuses(rivals)).toEqual([201, 409]);
      // One phone retrying the same submission through both: one effect, the same answer.
      const one = await jobWithCaptureLink(b, tokens, agentId, ++jobNumber);
      const key = randomUUID();
      const retries = await both((url) => submitCapture(url, one.token, captureForm(photos, key)));
      expect(statuses(retries)).toEqual([201, 201]);
      expect(retries[1]!.body).toEqual(retries[0]!.body);

      for (const job of [two.job, one.job]) {
        const kept = await db.query<{ submissions: number; photos: number; submits: number }>(
          `SELECT (SELECT count(*)::int FROM capture_submissions WHERE job_id = $1) AS submissions,
                  (SELECT count(*)::int FROM capture_photos WHERE job_id = $1) AS photos,
                  (SELECT count(*)::int FROM job_events
                    WHERE job_id = $1 AND to_status = 'submitted') AS submits`,
          [job.id],
        );
        expect(kept.rows[0]).toEqual({ submissions: 1, photos: 3, submits: 1 });
      }
    }
  });

  it('runs each queued job once with both processes polling: one webhook delivery per event, one scheduled run a minute', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        expectStatus(
          await createAddressJob(i % 2 ? a : b, company.accessToken, ++jobNumber),
          201,
          'create',
        ),
      ),
    );
    const ids = created.map((j) => j.id);
    const arrived = () => receiver.received.filter((r) => ids.includes(String(r.body.data.job.id)));
    for (let waited = 0; arrived().length < ids.length && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A second queue poll of each process, to catch a late duplicate.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(
      arrived()
        .map((r) => String(r.body.data.job.id))
        .sort(),
    ).toEqual([...ids].sort());
    const eventIds = receiver.received.map((r) => r.body.id);
    expect(new Set(eventIds).size).toBe(eventIds.length);
    const retried = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhook' AND retry_count > 0`,
    );
    expect(retried.rows[0]!.n).toBe(0);
    // Schedules: both processes watch them (every 10 s), one sends each minute's run of the
    // TAT-breach check, as a send job keyed by its minute.
    const sendsPerMinute = () =>
      db.query<{ minute: string; n: number }>(
        `SELECT singleton_on::text AS minute, count(*)::int AS n FROM pgboss.job
          WHERE name = '__pgboss__send-it' AND singleton_key = 'tat-breach' GROUP BY 1`,
      );
    let sends = await sendsPerMinute();
    for (let waited = 0; !sends.rows.length && waited < 30_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      sends = await sendsPerMinute();
    }
    expect(sends.rows.length).toBeGreaterThan(0);
    expect(sends.rows.filter((r) => r.n > 1)).toEqual([]);
  }, 60_000);

  it('ends a session in every process at once, although each remembers the sessions it has seen', async () => {
    const s = await signIn(a, 'company@demo.ng', 'Company1234!');
    const list = (url: string) =>
      call(url, 'GET', '/jobs?range=%5B0%2C4%5D', { token: s.accessToken });
    // Both processes have now seen the session (the jobs list then assumes it in its statement).
    for (const url of [a, b]) expect((await list(url)).status).toBe(200);
    expect(
      (await call(b, 'POST', '/auth/logout', { json: { refreshToken: s.refreshToken } })).status,
    ).toBe(200);
    for (const url of [a, b]) {
      expect((await list(url)).status).toBe(401);
      expect((await call(url, 'GET', '/auth/me', { token: s.accessToken })).status).toBe(401);
    }
  });

  it('applies a permission taken away through one process in the other at once, although it remembers the account', async () => {
    const officer = await signIn(a, 'loans.officer@demo.ng', 'Staff1234!');
    const list = (url: string) =>
      call(url, 'GET', '/jobs?range=%5B0%2C4%5D', { token: officer.accessToken });
    for (const url of [a, b]) expect((await list(url)).status).toBe(200);
    const labels = ['View Dashboard', 'Create Job', 'View Job History', 'Edit Profile'];
    const grant = (permissions: string[]) =>
      call(b, 'PUT', `/users/${officer.account.id}`, {
        token: company.accessToken,
        json: { permissions },
      });
    expectStatus(await grant(labels.filter((l) => l !== 'View Job History')), 200, 'revoke');
    try {
      for (const url of [a, b]) expect((await list(url)).status).toBe(403);
    } finally {
      expectStatus(await grant(labels), 200, 'grant again');
    }
    for (const url of [a, b]) expect((await list(url)).status).toBe(200);
  });

  it('serves a file stored through one process from the other (a shared store)', async () => {
    const photos = await capturePhotos();
    const tokens = { company: company.accessToken, admin: admin.accessToken };
    const { job, token } = await jobWithCaptureLink(a, tokens, agentId, ++jobNumber);
    expectStatus(await submitCapture(a, token, captureForm(photos)), 201, 'submit');
    for (const kind of ['selfie', 'house', 'utility_bill']) {
      const photo = await fetch(`${b}/api/v2/jobs/${job.id}/photos/${kind}`, {
        headers: { authorization: `Bearer ${company.accessToken}` },
      });
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it('starts two processes together on a new database: one migrates, the other waits for it', async () => {
    const fresh = await startCluster({
      processes: 2,
      databaseUrl: cluster.databaseUrl,
      migrateFirst: false,
      demo: false,
    });
    try {
      for (const url of fresh.urls) {
        expect((await call(url, 'GET', '/health')).status).toBe(200);
      }
    } finally {
      await fresh.stop();
    }
  }, 120_000);
});
