import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDb } from '../server/db';
import { migrate } from '../server/db/migrate';
import { stateAliases } from '../reference/locations';
import { createLedgerRepository } from '../server/repositories/ledger';
import { createConfirmedUser } from '../server/services/createUser';
import { fundingMovement } from '../server/services/ledger';

/**
 * The real app on the benchmark's database, plus the floors it is measured against: a bare route
 * doing one primary-key SELECT, and raw bulk loads (multi-row INSERT, COPY) of the same rows into
 * a copy of the jobs table. Prints one JSON line when listening.
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

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ port, company, accountId: owner.id, db: db.kind }));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
