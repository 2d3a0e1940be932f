import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { states } from '../reference/locations';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { stateAliases } from '../reference/locations';
import { createLedgerRepository } from '../server/repositories/ledger';
import { parameterText } from '../server/db/prepared';
import { listPageStatement, type JobListFilter } from '../server/repositories/jobs';
import { createConfirmedUser } from '../server/services/createUser';
import { fundingMovement } from '../server/services/ledger';
import { insertPlainRows } from './plainInsert';

/**
 * The real app on the benchmark's database, plus the floors it is measured against: a bare route
 * doing one primary-key SELECT, and raw bulk loads (multi-row INSERT, COPY) of the same rows into
 * a copy of the jobs table. A second instance of the app on the same database logs its requests
 * as production does (level info, to a file), to measure what logging costs. Prints one JSON line
 * when listening.
 */
const config = { ...loadConfig(), logLevel: 'silent', demoData: false };
const db = await openDb(config, 'the benchmark server');
await migrate(db);
const company = { email: 'bench-company@bench.ng', password: 'bench-password' };
const owner = await createConfirmedUser(db, {
  role: 'company',
  ...company,
  first_name: 'Bench',
  last_name: 'Company',
  company_name: 'Bench Ltd',
});
await db.exec('CREATE TABLE bench_jobs (LIKE jobs INCLUDING ALL)');
// Creating jobs charges their owner: a Company price everywhere and a wallet for every import.
await db.query(
  `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
   SELECT s, t, 'company', 150000, 48 FROM unnest($1::text[]) s
    CROSS JOIN unnest(ARRAY['address', 'business_address', 'business', 'product']) t`,
  [stateAliases],
);
await db.transaction((tx) =>
  createLedgerRepository(tx).post(
    [fundingMovement(owner.company_id!, 1e13, 'BENCH-FUNDING', {}, null)],
    tx,
  ),
);

const app = await buildApp({ config, db });
app.addHook('onClose', async () => db.close());

app.get<{ Querystring: { id: string } }>('/bench/floor', async (request) => {
  const r = await db.query('SELECT id, email, role FROM accounts WHERE id = $1', [
    request.query.id,
  ]);
  return r.rows[0];
});

// The floors load exactly the import's rows and columns, skipping only its checks.
const columns = ['type', 'company_id', 'created_by', 'state', 'lga', 'subject_name', 'fields'];
app.addContentTypeParser(
  'text/csv',
  { parseAs: 'string', bodyLimit: 64 * 1024 * 1024 },
  (_r, body, done) => done(null, body),
);
app.post<{ Querystring: { mode: 'insert' | 'copy' }; Body: string }>(
  '/bench/floor-import',
  async (request) => {
    const [header, ...rows] = Papa.parse<string[]>(request.body, { skipEmptyLines: true }).data;
    const at = (name: string) => header!.indexOf(name);
    const jobs = rows.map((r) => {
      const fields = Object.fromEntries(header!.map((h, i) => [h, r[i]]));
      return [
        'address',
        owner.company_id,
        owner.id,
        r[at('state')],
        r[at('lga')],
        `${r[at('first_name')]} ${r[at('last_name')]}`,
        JSON.stringify(fields),
      ];
    });
    await db.exec('TRUNCATE bench_jobs');
    const started = performance.now();
    await db.transaction(async (tx) => {
      if (request.query.mode === 'copy') {
        const csv = Papa.unparse(jobs, { newline: '\n' });
        await tx.copyFrom('bench_jobs', columns, csv);
        return;
      }
      await insertPlainRows(tx, 'bench_jobs', columns, jobs);
    });
    return { ms: performance.now() - started, rows: jobs.length };
  },
);

// Spread the imported jobs over the statuses a real book of jobs has, so filters select a share.
app.post('/bench/spread-statuses', async () => {
  await db.exec(`UPDATE jobs SET status = (ARRAY['pending','assigned','accepted','submitted','approved'])
    [1 + abs(hashtext(id::text)) % 5]`);
  // Every table: the status counters (job_counts) were rewritten 110,000 times by their
  // triggers. Left to autovacuum, their dead rows slowed the first load tests until it came.
  await db.exec('VACUUM (ANALYZE)');
  await db.exec('CHECKPOINT');
  return { ok: true };
});

// ---- bench/scale.ts: seeding at scale, the export's COPY floor, peak memory ----

/** Peak RSS and heap since the last read, sampled while requests run. */
const peak = { rss: 0, heap: 0 };
/** Sampling starts with the first read: the list's load tests run without it. */
let sampling: NodeJS.Timeout | undefined;
app.get('/bench/scale/peak', async () => {
  sampling ??= setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  }, 10).unref();
  const seen = { ...peak };
  const now = process.memoryUsage();
  peak.rss = now.rss;
  peak.heap = now.heapUsed;
  return { rssMb: seen.rss / 2 ** 20, heapMb: seen.heap / 2 ** 20 };
});

const firstNames = [
  'Chinedu',
  'Ngozi',
  'Oluwaseun',
  'Aisha',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Chiamaka',
  'Tunde',
  'Halima',
  'Obinna',
  'Yetunde',
  'Musa',
  'Adaeze',
  'Segun',
  'Zainab',
  'Ifeanyi',
  'Bukola',
];
const lastNames = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Okonkwo',
  'Danjuma',
  'Olawale',
  'Chukwu',
  'Adebayo',
  'Usman',
  'Obi',
  'Afolabi',
  'Nnamdi',
  'Lawal',
];
const streets = [
  'Allen Avenue',
  'Awolowo Road',
  'Ahmadu Bello Way',
  'Herbert Macaulay Way',
  'Adeola Odeku Street',
  'Ogui Road',
  'Aba Road',
  'Zik Avenue',
  'Murtala Mohammed Way',
];
const places = states.flatMap((s) => s.lgas.map((lga) => [s.alias, lga] as const));

/**
 * Jobs number `from` to `to` - 1 of a provider's book, number 0 the newest, one every 96 s (900 a
 * day, a million in about three years): older jobs are closed, the last month's are in every
 * stage, and a few of those are past their deadline. Growing the book adds older history, so the
 * newest jobs (what lists and dashboards show first) are the same at any size.
 */
app.post<{ Body: { from: number; to: number } }>('/bench/scale/seed', async (request) => {
  const { from, to } = request.body;
  if (from === 0) {
    await db.query(
      `INSERT INTO companies (name, is_partner, state) SELECT n, true, 'lagos' FROM unnest($1::text[]) AS n`,
      [['Verifiers Hub Ltd', 'Trustlink Field Services', 'Eagle Eye Checks', 'Northstar Verify']],
    );
    await db.query(
      `INSERT INTO accounts (unique_code, role, first_name, last_name, email, password_hash, email_confirmed_at)
       SELECT 'AGT-' || lpad(i::text, 6, '0'), 'agent', ($1::text[])[1 + i % 18],
              ($2::text[])[1 + (i * 7) % 18], 'agent' || i || '@bench.ng', 'x', now()
         FROM generate_series(1, 40) AS i`,
      [firstNames, lastNames],
    );
  }
  const partners = await db.query<{ id: string }>('SELECT id FROM companies WHERE is_partner');
  const agents = await db.query<{ id: string }>("SELECT id FROM accounts WHERE role = 'agent'");
  const started = performance.now();
  for (let start = from; start < to; start += 100_000) {
    await db.query(
      `WITH g AS (
         SELECT i, now() - i * interval '96 seconds' AS created, abs(hashtext(i::text)) % 100 AS h,
                ((i * 2654435761::bigint) % 1000003)::int AS r
           FROM generate_series($1::int, $2::int - 1) AS i),
       s AS (
         SELECT g.*, CASE
             WHEN created > now() - interval '5 days' THEN
               (ARRAY['pending','assigned','accepted','submitted','approved'])[1 + (h / 20)]
             WHEN created > now() - interval '30 days' THEN
               CASE WHEN h < 3 THEN 'assigned' WHEN h < 5 THEN 'accepted' WHEN h < 25 THEN 'submitted'
                    WHEN h < 92 THEN 'approved' WHEN h < 97 THEN 'rejected' ELSE 'cancelled' END
             ELSE CASE WHEN h < 90 THEN 'approved' WHEN h < 95 THEN 'rejected'
                       WHEN h < 98 THEN 'cancelled' ELSE 'declined' END END AS status,
           ($5::text[])[1 + r % 18] AS first, ($6::text[])[1 + (r / 18) % 18] AS last,
           ($7::text[])[1 + (r / 324) % cardinality($7::text[])] AS state,
           ($8::text[])[1 + (r / 324) % cardinality($8::text[])] AS lga
           FROM g),
       a AS (
         SELECT s.*, status NOT IN ('pending') AND NOT (status = 'cancelled' AND h % 2 = 0) AS assigned,
                r % 10 < 7 AS to_agent
           FROM s)
       INSERT INTO jobs (type, status, company_id, created_by, state, lga, subject_name, fields,
                         assignee_type, assignee_company_id, assignee_agent_id, assigned_at, due_at,
                         price_kobo, fee_kobo, rating, created_at, updated_at)
       SELECT CASE WHEN r % 20 < 14 THEN 'address' WHEN r % 20 < 17 THEN 'business_address'
                   WHEN r % 20 < 19 THEN 'business' ELSE 'product' END,
              status, $3, $4, state, lga, first || ' ' || last,
              jsonb_build_object('first_name', first, 'last_name', last,
                'phone', '+23480' || lpad((r * 37 % 100000000)::text, 8, '0'),
                'email', lower(first) || '.' || lower(last) || i || '@example.ng',
                'address', (1 + r % 240) || ' ' || ($9::text[])[1 + r % cardinality($9::text[])],
                'landmark', 'Opposite the filling station'),
              CASE WHEN assigned THEN CASE WHEN to_agent THEN 'agent' ELSE 'company' END END,
              CASE WHEN assigned AND NOT to_agent THEN ($10::uuid[])[1 + r % cardinality($10::uuid[])] END,
              CASE WHEN assigned AND to_agent THEN ($11::uuid[])[1 + r % cardinality($11::uuid[])] END,
              CASE WHEN assigned THEN created + interval '2 hours' END,
              CASE WHEN assigned THEN created + interval '74 hours' END,
              250000, CASE WHEN assigned THEN 150000 END,
              CASE WHEN status = 'approved' THEN 3 + r % 3 END,
              created, created + interval '3 days'
         FROM a`,
      [
        start,
        Math.min(start + 100_000, to),
        owner.company_id,
        owner.id,
        firstNames,
        lastNames,
        places.map((p) => p[0]),
        places.map((p) => p[1]),
        streets,
        partners.rows.map((p) => p.id),
        agents.rows.map((a) => a.id),
      ],
    );
  }
  return { ms: performance.now() - started };
});
// Index-only scans need the visibility map a VACUUM writes, as on a database that has been running.
app.post('/bench/scale/vacuum', async () => {
  const started = performance.now();
  await db.exec('VACUUM (ANALYZE) jobs');
  return { ms: performance.now() - started };
});

/** The database's own COPY of the export's rows and columns (server/repositories/jobs.ts), in order. */
const copySql = (companyId: string) => `COPY (
  SELECT j.code, j.type, j.status, c.name, j.subject_name, j.state, j.lga, j.assignee_type,
         CASE WHEN j.assignee_type = 'company' THEN ac.name
              WHEN j.assignee_type = 'agent' THEN ag.first_name || ' ' || ag.last_name END,
         j.assigned_at, j.due_at, j.status IN ('assigned', 'accepted') AND j.due_at < now(),
         j.price_kobo / 100.0, j.fee_kobo / 100.0, j.rating, j.created_at, j.updated_at
    FROM jobs j JOIN companies c ON c.id = j.company_id
    LEFT JOIN companies ac ON ac.id = j.assignee_company_id
    LEFT JOIN accounts ag ON ag.id = j.assignee_agent_id
   WHERE j.company_id = '${companyId}' OR j.assignee_company_id = '${companyId}'
   ORDER BY j.created_at DESC, j.id DESC)`;
app.get('/bench/scale/copy-floor', async () => {
  const started = performance.now();
  let bytes = 0;
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const out = client.query(
        copyTo(`${copySql(owner.company_id!)} TO STDOUT WITH (FORMAT csv, HEADER)`),
      );
      for await (const chunk of out) bytes += (chunk as Buffer).length;
    } finally {
      await client.end();
    }
  } else {
    // PGlite writes the whole COPY into one blob; its formatting is the floor's work.
    await db.query(`${copySql(owner.company_id!)} TO '/dev/blob' WITH (FORMAT csv, HEADER)`);
  }
  return { ms: performance.now() - started, bytes };
});
// ---- end of bench/scale.ts

// Jobs straight into the table (COPY), for runs that measure the list without timing the import.
app.post<{ Body: string }>('/bench/load-jobs', async (request) => {
  const [header, ...rows] = Papa.parse<string[]>(request.body, { skipEmptyLines: true }).data;
  const at = (name: string) => header!.indexOf(name);
  const jobs = rows.map((r) => ({
    type: 'address' as const,
    company_id: owner.company_id!,
    created_by: owner.id,
    state: r[at('state')]!,
    lga: r[at('lga')]!,
    subject_name: `${r[at('first_name')]} ${r[at('last_name')]}`,
    fields: Object.fromEntries(header!.map((h, i) => [h, r[i]!])),
  }));
  await db.transaction((tx) => app.repos.jobs.insertMany(jobs, owner.id, tx));
  return { created: jobs.length };
});

// bench/nostall.ts: the list's other callers. A sub-user of the bench company, the provider's
// admin, and a partner company with a fifth of the jobs assigned to it (assigned and accepted
// ones, as /bench/spread-statuses spreads them).
app.post('/bench/nostall/actors', async () => {
  const password = 'bench-password';
  const stamp = Date.now();
  const person = { password, first_name: 'Bench', last_name: 'Caller' };
  const subuser = await createConfirmedUser(db, {
    ...person,
    role: 'sub-admin',
    email: `bench-subuser-${stamp}@bench.ng`,
    permissions: ['View Job History', 'View Job Stages'],
  });
  await db.query('UPDATE accounts SET company_id = $2 WHERE id = $1', [
    subuser.id,
    owner.company_id,
  ]);
  const admin = await createConfirmedUser(db, {
    ...person,
    role: 'admin',
    email: `bench-admin-${stamp}@bench.ng`,
  });
  const partner = await createConfirmedUser(db, {
    ...person,
    role: 'company',
    email: `bench-partner-${stamp}@bench.ng`,
    company_name: 'Bench Partner Ltd',
  });
  await db.query('UPDATE companies SET is_partner = true WHERE id = $1', [partner.company_id]);
  await db.query(
    `UPDATE jobs SET assignee_type = 'company', assignee_company_id = $1, assigned_at = now(),
            due_at = now() + interval '48 hours'
      WHERE abs(hashtext(id::text)) % 10 IN (1, 2)`,
    [partner.company_id],
  );
  await db.exec('VACUUM (ANALYZE) jobs');
  const login = (a: { email: string }) => ({ email: a.email, password });
  return { subuser: login(subuser), admin: login(admin), partner: login(partner) };
});

type Plan = { Plan: unknown; 'Planning Time': number; 'Execution Time': number };
/** Times and indexes read from EXPLAIN (ANALYZE, FORMAT JSON) (PGlite parses the JSON, pg too). */
const planOf = (rows: Record<string, unknown>[]) => {
  const raw = rows[0]!['QUERY PLAN'];
  const [p] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Plan[];
  return {
    planningMs: p!['Planning Time'],
    executionMs: p!['Execution Time'],
    indexes: [...JSON.stringify(p!.Plan).matchAll(/"Index Name":"([^"]+)"/g)].map((m) => m[1]!),
  };
};

/** The median of `runs` EXPLAIN (ANALYZE) of `run`'s statement, by planning + execution. */
async function medianPlan(run: () => Promise<Record<string, unknown>[]>, runs = 7) {
  const plans = [];
  for (let i = 0; i < runs; i++) plans.push(planOf(await run()));
  plans.sort((a, b) => a.planningMs + a.executionMs - (b.planningMs + b.executionMs));
  return plans[Math.floor(runs / 2)]!;
}

/** A value as an SQL literal: EXECUTE cannot tell the types of parameters of its own. */
const literal = (v: unknown) => {
  const text = parameterText(v);
  return text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`;
};

// EXPLAIN (ANALYZE) of the list's page statement (the load test's page, a search by name):
// planned for its values as an unnamed statement is, and prepared as the app runs it (its generic
// plan, made by a first EXECUTE and reused after).
app.get<{ Querystring: { q: string } }>('/bench/explain-list', async (request) => {
  const scope = { kind: 'company' as const, companyId: owner.company_id! };
  const sort = { field: 'created_at' as const, order: 'DESC' as const };
  const explain = (filter: JobListFilter) => {
    const { sql, params } = listPageStatement(scope, filter, sort, 0, 25);
    const custom = () =>
      db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params).then((r) => r.rows);
    const prepared = () =>
      db.transaction(async (tx) => {
        // As `queryPrepared` runs it: one generic plan, made once (custom plans otherwise).
        await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
        await tx.exec(`PREPARE bench_page AS ${sql}`);
        const run = () =>
          tx
            .query(
              `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE bench_page(${params.map(literal).join(', ')})`,
            )
            .then((r) => r.rows);
        await run();
        const plan = await medianPlan(run);
        await tx.exec('DEALLOCATE bench_page');
        return plan;
      });
    return (async () => [await medianPlan(custom), await prepared()] as const)();
  };
  const [custom, prepared] = await explain({ status: 'assigned' });
  const [, search] = await explain({ q: request.query.q });
  return { custom, prepared, search };
});

await app.listen({ port: 0, host: '127.0.0.1' });
const logged = await buildApp({
  config,
  db,
  logger: { level: 'info', file: path.join(config.dataDir, 'bench-requests.log') },
});
await logged.listen({ port: 0, host: '127.0.0.1' });
const portOf = (a: typeof app) => {
  const address = a.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
console.log(
  JSON.stringify({
    port: portOf(app),
    loggedPort: portOf(logged),
    company,
    accountId: owner.id,
    db: db.kind,
  }),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () => void Promise.all([logged.close(), app.close()]).then(() => process.exit(0)),
  );
}
