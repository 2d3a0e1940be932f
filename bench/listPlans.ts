import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { stateAliases } from '../reference/locations';
import pg from 'pg';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import { parameterText } from '../server/db/prepared';
import {
  createJobsRepository,
  listPageStatement,
  type JobListFilter,
  type JobScope,
  type JobSort,
} from '../server/repositories/jobs';
import { createConfirmedUser } from '../server/services/createUser';

/**
 * The jobs list's statement for every caller, sort and filter the screens offer, on PGlite with
 * 110,000 jobs (on PostgreSQL with DATABASE_URL): the median time of each page (first, middle, last) as the app runs it (one generic
 * plan; a deep page past its remembered boundary, after a first read that walked to it) and what
 * the plain statement's plan does that grows with the table (sequential scans, rows sorted, rows
 * read): the walk a first read makes.
 * `npx tsx bench/listPlans.ts [data folder]`; the folder is kept between runs (new migrations are
 * applied). Ends with the cases whose plain statement no index serves (a scan of the table, a sort
 * or a read of more rows than the page's depth). `PLANS_ONLY=<text>` runs the cases whose name holds it (every sort for every caller),
 * `PLANS_SHOW=<text>` prints their plans, `PLANS_RUNS` times each (3).
 */
const dir = process.argv[2] ?? '/tmp/list-plans-db';
const url = process.env.DATABASE_URL;
/** On PostgreSQL: the database `list_plans` on that server, kept between runs like the folder. */
async function openPlansDb() {
  if (!url) {
    const fresh = !existsSync(dir);
    return { db: await openPglite(dir), fresh };
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const made = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'list_plans'`);
  if (!made.rowCount) await admin.query('CREATE DATABASE list_plans');
  await admin.end();
  const u = new URL(url);
  u.pathname = '/list_plans';
  return { db: await openPostgres(u.toString(), 2), fresh: !made.rowCount };
}
const { db, fresh } = await openPlansDb();
await migrate(db);

const person = { password: 'plans-password', first_name: 'Plan', last_name: 'Caller' };
if (fresh) {
  const owner = await createConfirmedUser(db, {
    ...person,
    role: 'company',
    email: 'owner@plans.ng',
    company_name: 'Plans Ltd',
  });
  const partner = await createConfirmedUser(db, {
    ...person,
    role: 'company',
    email: 'partner@plans.ng',
    company_name: 'Plans Partner Ltd',
  });
  const agent = await createConfirmedUser(db, {
    ...person,
    role: 'agent',
    email: 'agent@plans.ng',
  });
  await db.query(
    `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields, created_at)
     SELECT 'address', $1, $2, s[1 + i % array_length(s, 1)], 'Lga ' || (i % 7),
            (ARRAY['Chinedu','Ngozi','Aisha','Emeka','Tunde','Halima'])[1 + (i * 7) % 6] || ' ' || md5(i::text),
            '{}'::jsonb, now() - (i || ' seconds')::interval * 30
       FROM generate_series(1, 110000) i, (SELECT $3::text[] AS s) st`,
    [owner.company_id, owner.id, stateAliases],
  );
  await db.exec(`UPDATE jobs SET status = (ARRAY['pending','assigned','accepted','submitted','approved'])
    [1 + abs(hashtext(id::text)) % 5]`);
  await db.query(
    `UPDATE jobs SET assignee_type = 'company', assignee_company_id = $1, assigned_at = now(),
            due_at = now() + (abs(hashtext(id::text)) % 96 - 24 || ' hours')::interval
      WHERE abs(hashtext(id::text)) % 10 IN (1, 2) AND status <> 'pending'`,
    [partner.company_id],
  );
  await db.query(
    `UPDATE jobs SET assignee_type = 'agent', assignee_agent_id = $1, assigned_at = now(),
            due_at = now() + (abs(hashtext(id::text)) % 96 - 24 || ' hours')::interval
      WHERE abs(hashtext(id::text)) % 10 = 3 AND status <> 'pending'`,
    [agent.id],
  );
}
await db.exec('VACUUM (ANALYZE)');
const ids = async (email: string) =>
  (
    await db.query<{ id: string; company_id: string | null }>(
      'SELECT id, company_id FROM accounts WHERE email = $1',
      [email],
    )
  ).rows[0]!;
const jobs = createJobsRepository(db);
const owner = await ids('owner@plans.ng');
const partner = await ids('partner@plans.ng');
const agent = await ids('agent@plans.ng');

const scopes: [string, JobScope][] = [
  ['owner', { kind: 'company', companyId: owner.company_id! }],
  ['admin', { kind: 'all' }],
  ['partner', { kind: 'company', companyId: partner.company_id! }],
  ['agent', { kind: 'agent', agentId: agent.id }],
];
const sorts: JobSort[] = (
  ['created_at', 'code', 'type', 'subject_name', 'state', 'status', 'due_at'] as const
).flatMap((field) => [
  { field, order: 'ASC' as const },
  { field, order: 'DESC' as const },
]);
const lagos = new Date();
const filters: [string, JobListFilter][] = [
  ['none', {}],
  ['status', { status: 'assigned' }],
  ['state', { state: 'lagos' }],
  ['state+status', { state: 'lagos', status: 'accepted' }],
  ['type', { type: 'address' }],
  ['dates', { createdFrom: new Date(lagos.getTime() - 20 * 86_400_000), createdBefore: lagos }],
  ['overdue', { overdue: true }],
  ['q', { q: 'Ngozi' }],
];

const literal = (v: unknown) => {
  const text = parameterText(v);
  return text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`;
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

/**
 * What a plan did in reading the page's ids that grows with the table: sequential scans of jobs,
 * rows sorted (what went into a sort, not the few a top-N sort gives back), rows read, and the
 * indexes of jobs it read.
 */
function shapeOf(root: PlanNode) {
  let seqScans = 0;
  let sorted = 0;
  let read = 0;
  const indexes = new Set<string>();
  const rowsOf = (p: PlanNode) => (p['Actual Rows'] ?? 0) * (p['Actual Loops'] ?? 1);
  const walk = (p: PlanNode) => {
    const loops = p['Actual Loops'] ?? 1;
    const visited = rowsOf(p) + (p['Rows Removed by Filter'] ?? 0) * loops;
    if (p['Node Type'] === 'Seq Scan' && p['Relation Name'] === 'jobs') seqScans++;
    if (p['Node Type'] === 'Sort') sorted = Math.max(sorted, rowsOf(p.Plans?.[0] ?? p));
    if (/Scan/.test(p['Node Type']) && p['Relation Name'] === 'jobs') {
      read = Math.max(read, visited);
      if (p['Index Name']) indexes.add(p['Index Name']);
    }
    p.Plans?.forEach(walk);
  };
  // The page's ids (CTE `page`): the total's count and the join of the page's rows are apart.
  const find = (p: PlanNode): PlanNode | undefined =>
    p['Subplan Name'] === 'CTE page' ? p : p.Plans?.map(find).find(Boolean);
  walk(find(root) ?? root);
  return {
    seqScans,
    sorted,
    read,
    text: `seq scans of jobs ${seqScans}, most rows sorted ${sorted}, most rows read by a scan ${read} (${[...indexes].join(', ')})`,
  };
}

const only = process.env.PLANS_ONLY;
const runs = Number(process.env.PLANS_RUNS ?? 3);
const show = process.env.PLANS_SHOW;
const unserved: string[] = [];
let n = 0;
for (const [who, scope] of scopes) {
  for (const [fname, filter] of filters) {
    for (const sort of sorts) {
      const probe = listPageStatement(scope, filter, sort, 0, 1);
      const total = (await db.query<{ total: number }>(probe.sql, probe.params)).rows[0]!.total;
      for (const [page, offset] of [
        ['first', 0],
        ['middle', Math.floor(total / 2 / 25) * 25],
        ['last', Math.max(0, Math.floor((total - 1) / 25) * 25)],
      ] as const) {
        const name = `${who} ${fname} ${sort.field} ${sort.order} ${page}`;
        if (only && !name.includes(only)) continue;
        const { sql, params } = listPageStatement(scope, filter, sort, offset, 25);
        // The first read walks to the page (and remembers its boundaries), the others seek.
        const times: number[] = [];
        for (let i = 0; i <= runs; i++) {
          const t = performance.now();
          await jobs.listPage(scope, filter, sort, offset, 25);
          times.push(performance.now() - t);
        }
        const cold = times.shift()!;
        // The plan as the app runs it (generic, prepared): what it scans and sorts.
        const name2 = `plan_${++n}`;
        const { plan, seen } = await db.transaction(async (tx) => {
          await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
          await tx.exec(`PREPARE ${name2} AS ${sql}`);
          const exec = `EXECUTE ${name2}(${params.map(literal).join(', ')})`;
          await tx.query(exec);
          const json = await tx.query<{ 'QUERY PLAN': unknown }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${exec}`,
          );
          const text =
            show && name.includes(show) ? await tx.query(`EXPLAIN (ANALYZE) ${exec}`) : undefined;
          await tx.exec(`DEALLOCATE ${name2}`);
          const raw = json.rows[0]!['QUERY PLAN'];
          const root = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
          return {
            plan: text?.rows.map((x) => (x as Record<string, string>)['QUERY PLAN']).join('\n'),
            seen: shapeOf(root[0]!.Plan),
          };
        });
        times.sort((a, b) => a - b);
        const line = `${name} (of ${total}): ${times[Math.floor(runs / 2)]!.toFixed(1)} ms (first read ${cold.toFixed(1)} ms); plain statement: ${seen.text}`;
        console.log(line);
        // Each branch takes at most its first offset + 25 rows: a sort of more, a scan of the
        // table, or a range read much past them is a case no index serves.
        const bound = 2 * (offset + 25);
        if (fname !== 'q' && (seen.seqScans > 0 || seen.sorted > bound || seen.read > 4 * bound))
          unserved.push(line);
        if (plan) console.log(plan);
      }
    }
  }
}
console.log(`\nCases not read from one index range (a search reads its trigram index first):`);
console.log(unserved.length ? unserved.join('\n') : 'none');
await db.close();
