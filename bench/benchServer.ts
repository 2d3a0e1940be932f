import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { parameterText } from '../server/db/prepared';
import { listPageStatement, type JobListFilter } from '../server/repositories/jobs';
import { createConfirmedUser } from '../server/services/createUser';

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
      const perStatement = Math.floor(60000 / columns.length);
      for (let i = 0; i < jobs.length; i += perStatement) {
        const batch = jobs.slice(i, i + perStatement);
        const values = batch.map(
          (_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
        );
        await tx.query(
          `INSERT INTO bench_jobs (${columns.join(', ')}) VALUES ${values.join(', ')}`,
          batch.flat(),
        );
      }
    });
    return { ms: performance.now() - started, rows: jobs.length };
  },
);

// Spread the imported jobs over the statuses a real book of jobs has, so filters select a share.
app.post('/bench/spread-statuses', async () => {
  await db.exec(`UPDATE jobs SET status = (ARRAY['pending','assigned','accepted','submitted','approved'])
    [1 + abs(hashtext(id::text)) % 5]`);
  await db.exec('VACUUM (ANALYZE) jobs');
  return { ok: true };
});

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
