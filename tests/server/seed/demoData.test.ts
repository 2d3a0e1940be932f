import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobKinds } from '../../../reference/jobKinds';
import { jobStatuses } from '../../../reference/jobStatuses';
import { findState } from '../../../reference/locations';
import { createCapturesRepository } from '../../../server/repositories/captures';
import { demoSeeders, seedDemoData } from '../../../server/seed/demoData';
import { newDemoContext } from '../../../server/seed/demoContext';
import { demoPlaces } from '../../../server/seed/demoPlaces';
import { seedJobs } from '../../../server/seed/demoJobs';
import { startServer } from '../../../server/server';
import { stateAt } from '../../../server/services/checks/place';
import { hammingDistance, similarPhotoMaxDistance } from '../../../server/services/perceptualHash';
import { createCaptureLinks } from '../../../server/services/captureLinks';
import { createLocalStorage } from '../../../server/services/storage';
import { seedStaff } from '../../../server/seed/demoAccounts';
import { seedCompanies } from '../../../server/seed/demoCompanies';
import { count, createTestApp, freshDb, login, testConfig, type TestContext } from '../helpers';

const links = createCaptureLinks({ secret: testConfig().jwtSecret, publicUrl: 'http://demo.test' });

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'demo-seed-'));

describe('demo data on a fresh database', () => {
  let t: TestContext;
  let seconds = 0;
  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDir() });
    const started = Date.now();
    await seedDemoData(t.db, { storage: t.app.storage, captureLinks: t.app.captureLinks });
    seconds = (Date.now() - started) / 1000;
  });
  afterAll(() => t.close());

  const rows = async <T>(sql: string, params: unknown[] = []) =>
    (await t.db.query<T>(sql, params)).rows;

  it('keeps README three accounts with their passwords, and the sub-admin a few labels', async () => {
    for (const [email, password] of [
      ['admin@demo.ng', 'Admin1234!'],
      ['company@demo.ng', 'Company1234!'],
      ['subadmin@demo.ng', 'Subadmin1234!'],
    ]) {
      const session = await login(t.app, email!, password!);
      expect(session.accessToken).toBeTruthy();
    }
    const [sub] = await rows<{ permissions: string[]; company_id: string | null }>(
      `SELECT permissions, company_id FROM accounts WHERE email = 'subadmin@demo.ng'`,
    );
    expect(sub).toEqual({
      permissions: ['View Dashboard', 'Create Job', 'User management (view)'],
      company_id: null,
    });
    const [company] = await rows<{ name: string }>(
      `SELECT c.name FROM accounts a JOIN companies c ON c.id = a.company_id
        WHERE a.email = 'company@demo.ng'`,
    );
    expect(company!.name).toBe('Lagos Credit Ltd');
    expect(await count(t.db, 'companies')).toBeGreaterThanOrEqual(6);
  });

  it('gives every kind of job in every status, some sixty to a hundred and twenty in all', async () => {
    const pairs = await rows<{ status: string; type: string; n: number }>(
      'SELECT status, type, count(*)::int AS n FROM jobs GROUP BY 1, 2',
    );
    for (const status of jobStatuses) {
      for (const type of jobKinds) {
        expect(
          pairs.some((p) => p.status === status && p.type === type),
          `${type} ${status}`,
        ).toBe(true);
      }
    }
    const total = await count(t.db, 'jobs');
    expect(total).toBeGreaterThanOrEqual(60);
    expect(total).toBeLessThanOrEqual(120);
    expect(seconds).toBeLessThan(60);
  });

  it('tells each job history in events that chain from creation to its status, over four months', async () => {
    const events = await rows<{
      job_id: string;
      status: string;
      created_by: string;
      job_created: Date;
      actor_id: string | null;
      from_status: string | null;
      to_status: string;
      created_at: Date;
    }>(
      `SELECT e.job_id, j.status, j.created_by, j.created_at AS job_created, e.actor_id,
              e.from_status, e.to_status, e.created_at
         FROM job_events e JOIN jobs j ON j.id = e.job_id ORDER BY e.job_id, e.id`,
    );
    const byJob = new Map<string, typeof events>();
    for (const e of events) byJob.set(e.job_id, [...(byJob.get(e.job_id) ?? []), e]);
    expect(byJob.size).toBe(await count(t.db, 'jobs'));
    for (const history of byJob.values()) {
      const first = history[0]!;
      expect(first).toMatchObject({ from_status: null, to_status: 'pending' });
      expect(first.actor_id).toBe(first.created_by);
      expect(first.created_at.getTime()).toBe(first.job_created.getTime());
      history.slice(1).forEach((e, i) => {
        expect(e.from_status).toBe(history[i]!.to_status);
        expect(e.created_at.getTime()).toBeGreaterThanOrEqual(history[i]!.created_at.getTime());
      });
      expect(history.at(-1)!.to_status).toBe(first.status);
    }
    const [span] = await rows<{ oldest: number; newest: number }>(
      `SELECT extract(epoch FROM now() - min(created_at))::float8 / 86400 AS oldest,
              extract(epoch FROM now() - max(created_at))::float8 / 86400 AS newest
         FROM job_events`,
    );
    expect(span!.oldest).toBeGreaterThan(90);
    expect(span!.oldest).toBeLessThan(130);
    expect(span!.newest).toBeGreaterThan(0);
  });

  it("dates the TAT settings: most were edited after creation, 'Date not set' the exception", async () => {
    const tats = await rows<{ state: string; created_at: Date; updated_at: Date | null }>(
      'SELECT state, created_at, updated_at FROM tat_settings',
    );
    const edited = tats.filter((t) => t.updated_at !== null);
    expect(tats).toHaveLength(demoPlaces.length * jobKinds.length * 2);
    expect(edited.length).toBeGreaterThan(tats.length * 0.6);
    expect(edited.length).toBeLessThan(tats.length);
    for (const t of edited) expect(+t.updated_at!).toBeGreaterThan(+t.created_at);
    // Set up over the demo's months, not all in the second the seed ran.
    expect(new Set(tats.map((t) => +t.created_at)).size).toBeGreaterThan(1);
    expect(Math.min(...tats.map((t) => +t.created_at))).toBeLessThan(Date.now() - 90 * 86_400_000);
  });

  it('keeps job_counts equal to the jobs themselves', async () => {
    const counters = await rows<{ k: string; p: string; status: string; n: number }>(
      `SELECT party_kind AS k, party_id::text AS p, status, n::int AS n FROM job_counts
        WHERE n <> 0 ORDER BY 1, 2, 3`,
    );
    const real = await rows<{ k: string; p: string; status: string; n: number }>(
      `SELECT k, p::text AS p, status, count(*)::int AS n FROM (
         SELECT 'all' AS k, '00000000-0000-0000-0000-000000000000'::uuid AS p, status FROM jobs
         UNION ALL SELECT 'owner', company_id, status FROM jobs
         UNION ALL SELECT 'assignee_company', assignee_company_id, status FROM jobs
                    WHERE assignee_company_id IS NOT NULL
         UNION ALL SELECT 'assignee_agent', assignee_agent_id, status FROM jobs
                    WHERE assignee_agent_id IS NOT NULL) x
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(counters).toEqual(real);
  });

  it('sets due dates from the TAT of the assignee, with a few assigned jobs overdue', async () => {
    const assigned = await rows<{ ok: boolean }>(
      `SELECT j.due_at = j.assigned_at + make_interval(hours => t.tat_in_hours) AS ok
         FROM jobs j JOIN tat_settings t
           ON t.state = j.state AND t.job_type = j.type AND t.audience = j.assignee_type
        WHERE j.assigned_at IS NOT NULL`,
    );
    expect(assigned.length).toBe(await count(t.db, 'jobs WHERE assigned_at IS NOT NULL'));
    expect(assigned.every((r) => r.ok)).toBe(true);
    const audiences = await rows<{ audience: string; states: number; kinds: number }>(
      `SELECT audience, count(DISTINCT state)::int AS states, count(DISTINCT job_type)::int AS kinds
         FROM tat_settings GROUP BY 1 ORDER BY 1`,
    );
    expect(audiences).toEqual([
      { audience: 'agent', states: demoPlaces.length, kinds: 4 },
      { audience: 'company', states: demoPlaces.length, kinds: 4 },
    ]);

    const admin = await login(t.app, 'admin@demo.ng', 'Admin1234!');
    const overdue = await t.app.inject({
      url: `/api/v2/jobs?filter=${encodeURIComponent('{"overdue":true}')}&range=[0,99]`,
      headers: admin.headers,
    });
    expect(overdue.statusCode).toBe(200);
    const late = overdue.json() as { status: string }[];
    expect(late.length).toBeGreaterThanOrEqual(2);
    expect(late.length).toBeLessThanOrEqual(6);
    expect(late.every((j) => ['assigned', 'accepted'].includes(j.status))).toBe(true);
    expect(await count(t.db, `jobs WHERE status IN ('assigned', 'accepted')`)).toBeGreaterThan(
      late.length,
    );
  });

  it('serves every evidence photo of its jobs to the owner: distinct JPEGs with GPS in the job state', async () => {
    const owner = await login(t.app, 'company@demo.ng', 'Company1234!');
    const jobs = await rows<{ id: string; state: string; status: string }>(
      `SELECT j.id, j.state, j.status FROM jobs j JOIN accounts a ON a.company_id = j.company_id
        WHERE a.email = 'company@demo.ng' AND j.status IN ('submitted', 'approved', 'rejected')
          AND j.erased_at IS NULL`,
    );
    expect(jobs.length).toBeGreaterThanOrEqual(5);
    const seen = new Set<string>();
    const elsewhere: string[] = [];
    for (const job of jobs) {
      const res = await t.app.inject({
        url: `/api/v2/job/detail/${job.id}`,
        headers: owner.headers,
      });
      expect(res.statusCode).toBe(200);
      const { capture } = res.json() as {
        capture: {
          submission: {
            lat: number;
            lng: number;
            accuracy_m: number;
            captured_at: string;
            photos: { kind: string; url: string; size_bytes: number }[];
          };
        };
      };
      const s = capture.submission;
      // One job waiting for review was captured in another state (demoEvidenceFlaws).
      if (stateAt({ lat: s.lat, lng: s.lng }) !== findState(job.state)?.alias) {
        elsewhere.push(job.status);
      }
      expect(s.accuracy_m).toBeGreaterThan(0);
      expect(Date.parse(s.captured_at)).not.toBeNaN();
      expect(s.photos.map((p) => p.kind)).toEqual(['selfie', 'house', 'utility_bill']);
      for (const p of s.photos) {
        const photo = await t.app.inject({ url: p.url, headers: owner.headers });
        expect(photo.statusCode).toBe(200);
        expect(photo.headers['content-type']).toBe('image/jpeg');
        const meta = await sharp(photo.rawPayload).metadata();
        expect(meta.format).toBe('jpeg');
        expect(meta.width! * meta.height!).toBe(640 * 480);
        expect(photo.rawPayload.length).toBeGreaterThan(3_000);
        expect(photo.rawPayload.length).toBeLessThan(60_000);
        seen.add(createHash('sha256').update(photo.rawPayload).digest('hex'));
      }
    }
    expect(seen.size).toBe(jobs.length * 3);
    expect(elsewhere.length).toBeLessThanOrEqual(1);
    expect(elsewhere.every((status) => status === 'submitted')).toBe(true);
  });

  it('draws no two photos alike enough to raise the near-duplicate warning', async () => {
    const photos = await rows<{ kind: string; phash: string }>(
      'SELECT kind, phash::text AS phash FROM capture_photos',
    );
    expect(photos.length).toBe(
      3 *
        (await count(
          t.db,
          'capture_submissions s JOIN jobs j ON j.id = s.job_id WHERE j.erased_at IS NULL',
        )),
    );
    for (const [i, a] of photos.entries()) {
      for (const b of photos.slice(i + 1)) {
        if (a.kind !== b.kind) continue;
        expect(hammingDistance(BigInt(a.phash), BigInt(b.phash))).toBeGreaterThan(
          similarPhotoMaxDistance,
        );
      }
    }
  });

  it('shows one closed job of the demo company erased by the retention, on its job page', async () => {
    const erased = await rows<{ id: string; status: string; subject_name: string }>(
      `SELECT j.id, j.status, j.subject_name FROM jobs j JOIN accounts a ON a.company_id = j.company_id
        WHERE a.email = 'company@demo.ng' AND j.erased_at IS NOT NULL`,
    );
    expect(erased).toEqual([{ id: expect.any(String), status: 'approved', subject_name: '' }]);
    const owner = await login(t.app, 'company@demo.ng', 'Company1234!');
    const detail = (
      await t.app.inject({ url: `/api/v2/job/detail/${erased[0]!.id}`, headers: owner.headers })
    ).json();
    expect(detail).toMatchObject({ fields: {}, attachments: [], erased_at: expect.any(String) });
    expect(detail.capture.submission.photos).toEqual([]);
    expect(
      await count(t.db, `audit_log WHERE action = 'retention.erase' AND target_id = $1`, [
        erased[0]!.id,
      ]),
    ).toBe(1);
    // its files wait for the first retention run, and no row points at them
    const queued = await rows<{ storage_key: string }>('SELECT storage_key FROM file_deletions');
    expect(queued.length).toBeGreaterThanOrEqual(3);
    expect(
      await count(t.db, 'capture_photos WHERE storage_key = ANY($1::text[])', [
        queued.map((f) => f.storage_key),
      ]),
    ).toBe(0);
  });

  it('shows one client company suspended: its owner cannot sign in', async () => {
    const suspended = await rows<{ name: string }>(
      'SELECT name FROM companies WHERE suspended_at IS NOT NULL',
    );
    expect(suspended).toEqual([{ name: 'Harvest Insurance Brokers' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'seyi@harvestbrokers.ng', password: 'Verify-Demo-2024' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('keeps an audit history over the months: sign-ins, jobs, a suspension, fundings, API keys', async () => {
    const actions = await rows<{ action: string; n: number; days: number }>(
      `SELECT action, count(*)::int AS n,
              extract(epoch FROM max(at) - min(at))::int / 86400 AS days
         FROM audit_log GROUP BY action`,
    );
    const of = (action: string) => actions.find((a) => a.action === action);
    for (const action of [
      'auth.login',
      'job.create',
      'job.assign',
      'job.review',
      'company.suspend',
      'wallet.fund',
      'api_key.create',
    ]) {
      expect(of(action)?.n, action).toBeGreaterThan(0);
    }
    expect(of('auth.login')!.days).toBeGreaterThan(60);
    expect(of('job.create')!.n).toBe(await count(t.db, 'jobs'));
    // The company owner sees its own company's history through the API, newest first.
    const owner = await login(t.app, 'company@demo.ng', 'Company1234!');
    const res = await t.app.inject({
      url: '/api/v2/audit?filter={"action":"job."}',
      headers: owner.headers,
    });
    const page = res.json() as { company_name: string; at: string }[];
    expect(page.length).toBeGreaterThan(5);
    expect(new Set(page.map((e) => e.company_name))).toEqual(new Set(['Lagos Credit Ltd']));
    expect(page[0]!.at >= page.at(-1)!.at).toBe(true);
  });

  it('rates the approved jobs and attaches consent forms the owner can download', async () => {
    expect(await count(t.db, `jobs WHERE status = 'approved' AND rating IS NULL`)).toBe(0);
    expect(await count(t.db, `jobs WHERE status = 'approved'`)).toBeGreaterThan(10);
    const [attachment] = await rows<{
      id: string;
      job_id: string;
      email: string;
      size_bytes: number;
    }>(
      `SELECT f.id, f.job_id, a.email, f.size_bytes FROM job_attachments f
         JOIN jobs j ON j.id = f.job_id JOIN accounts a ON a.id = j.created_by
        ORDER BY f.created_at LIMIT 1`,
    );
    expect(attachment).toBeDefined();
    const password = attachment!.email === 'company@demo.ng' ? 'Company1234!' : 'Verify-Demo-2024';
    const owner = await login(t.app, attachment!.email, password);
    const res = await t.app.inject({
      url: `/api/v2/jobs/${attachment!.job_id}/attachments/${attachment!.id}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });
});

describe('demo jobs with the agents another seeder adds', () => {
  it('assigns some jobs to agents, with capture links for the open ones', async () => {
    const t = await createTestApp({ dataDir: tempDir() });
    try {
      const ctx = newDemoContext({ storage: t.app.storage, captureLinks: t.app.captureLinks });
      await t.db.transaction(async (tx) => {
        for (const seed of demoSeeders.slice(0, demoSeeders.indexOf(seedJobs))) {
          await seed(tx, ctx);
        }
        await seedJobs(tx, ctx);
      });
      // The agent with the most jobs among the demo's approved agents.
      const busiest = await t.db.query<{ id: string }>(
        `SELECT assignee_agent_id AS id FROM jobs WHERE assignee_agent_id IS NOT NULL
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      );
      expect(ctx.agents.length).toBeGreaterThan(5);
      const agentId = busiest.rows[0]!.id;
      expect(ctx.agents).toContain(agentId);
      const theirs = await t.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM jobs WHERE assignee_agent_id = $1 GROUP BY 1`,
        [agentId],
      );
      expect(theirs.rows.reduce((s, r) => s + r.n, 0)).toBeGreaterThan(1);
      expect(theirs.rows.some((r) => r.status === 'declined')).toBe(false);
      const open = theirs.rows
        .filter((r) => ['assigned', 'accepted'].includes(r.status))
        .reduce((s, r) => s + r.n, 0);
      const links = await createCapturesRepository(t.db).agentOpenJobs(agentId);
      expect(links.length).toBe(open);
      expect(
        await count(
          t.db,
          `job_events e JOIN jobs j ON j.id = e.job_id
            WHERE j.assignee_agent_id = $1 AND e.to_status = 'submitted' AND e.actor_id = $1`,
          [agentId],
        ),
      ).toBe(
        await count(
          t.db,
          `jobs WHERE assignee_agent_id = $1 AND status IN ('submitted', 'approved', 'rejected')`,
          [agentId],
        ),
      );
    } finally {
      await t.close();
    }
  });
});

describe("the companies' partner flag, state and address", () => {
  it('are written once the companies table has those columns', async () => {
    const db = await freshDb();
    try {
      const ctx = newDemoContext({ storage: createLocalStorage(tempDir()), captureLinks: links });
      await db.transaction(async (tx) => {
        await seedStaff(tx, ctx);
        await seedCompanies(tx, ctx);
      });
      const rows = await db.query<{ name: string; is_partner: boolean; state: string }>(
        'SELECT name, is_partner, state FROM companies WHERE is_partner ORDER BY name',
      );
      expect(rows.rows).toEqual([
        { name: 'FieldTrust Verification Services', is_partner: true, state: 'rivers' },
        { name: 'Northgate Field Agents Ltd', is_partner: true, state: 'abuja' },
      ]);
      expect(await count(db, 'companies WHERE state IS NULL OR address IS NULL')).toBe(0);
    } finally {
      await db.close();
    }
  });
});

describe('the server on a new data folder', () => {
  /** startServer reads the environment; these tests are about the embedded database. */
  async function started(env: Record<string, string>) {
    const saved = { ...process.env };
    Object.assign(process.env, {
      DATA_DIR: tempDir(),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'demo-test-secret-demo-test-secret-42',
      // Not about the machine checks: their OCR and face models would load beside the tests.
      CHECKS: 'off',
      ...env,
    });
    delete process.env.DATABASE_URL;
    try {
      return await startServer();
    } finally {
      process.env = saved;
    }
  }

  it('starts empty with DEMO_DATA=false', async () => {
    const app = await started({ DEMO_DATA: 'false' });
    try {
      expect(await count(app.db, 'accounts')).toBe(0);
      expect(await count(app.db, 'jobs')).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('seeds the demo by default, and the admin sees its jobs', { timeout: 120_000 }, async () => {
    const app = await started({});
    try {
      const admin = await login(app, 'admin@demo.ng', 'Admin1234!');
      const res = await app.inject({ url: '/api/v2/jobs?range=[0,9]', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const total = Number(res.headers['content-range']!.toString().split('/')[1]);
      expect(total).toBe(await count(app.db, 'jobs'));
      expect(total).toBeGreaterThanOrEqual(60);
    } finally {
      await app.close();
    }
  });
});
