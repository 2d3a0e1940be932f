import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterText } from '../../../server/db/prepared';
import {
  listPageStatement,
  recentSearchRows,
  recentSearchStatement,
  type JobListFilter,
  type JobScope,
  type JobSort,
} from '../../../server/repositories/jobs';
import type { TestContext } from '../helpers';
import { createJobsTestApp, signIn, type Actor } from './support';

// The jobs list's plan, as the app runs it (one generic plan for any values): each part of the
// caller's jobs is one index range in the list's order, never all of them gathered and sorted.

let ctx: TestContext;
let company: Actor;
let partner: Actor;
let agent: Actor;
const n = 6_000;
// Many states, so that a state is a small part of the list (as one of 37 is).
const stateList = Array.from({ length: 20 }, (_, i) => `state${i}`);
const slow = 300_000;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
  partner = await signIn(ctx.app, ctx.db, 'company', { partner: true });
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await ctx.db.query(
    `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields, created_at,
                       status)
     SELECT (ARRAY['address', 'business'])[1 + i % 2], $1, $2, s[1 + i % array_length(s, 1)],
            'Somewhere', 'Plan' || ((i * 7919) % $4::int) || ' Obi', '{}'::jsonb,
            now() - (i || ' seconds')::interval,
            (ARRAY['assigned', 'accepted', 'declined', 'submitted'])[1 + (i / 3) % 4]
       FROM generate_series(1, $4::int) i, (SELECT $3::text[] AS s) st`,
    [company.companyId, company.account.id, stateList, n],
  );
  // Two fifths assigned to the partner company and a fifth to the agent.
  await ctx.db.query(
    `UPDATE jobs SET assignee_type = 'company', assignee_company_id = $1, assigned_at = now(),
            due_at = now() + (abs(hashtext(id::text)) % 50 || ' hours')::interval
      WHERE abs(hashtext(id::text)) % 5 IN (1, 2)`,
    [partner.companyId],
  );
  await ctx.db.query(
    `UPDATE jobs SET assignee_type = 'agent', assignee_agent_id = $1, assigned_at = now(),
            due_at = now() + (abs(hashtext(id::text)) % 50 || ' hours')::interval
      WHERE abs(hashtext(id::text)) % 5 = 3`,
    [agent.account.id],
  );
  await ctx.db.exec('ANALYZE jobs');
}, slow);
afterAll(() => ctx.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

const literal = (v: unknown) => {
  const text = parameterText(v);
  return text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`;
};

type Statement = typeof listPageStatement;

/**
 * The page's statement run with its generic plan: in reading the page's ids, the most rows any
 * sort took in (not the few a top-N sort gives back), the most rows a scan of jobs read (kept or
 * filtered out), and whether the table was scanned whole; and in the rest of the statement (the
 * page's rows read whole, `joined`), the same of its scans of jobs.
 */
async function planOf(
  scope: JobScope,
  filter: JobListFilter,
  sort: JobSort,
  offset: number,
  statement: Statement = listPageStatement,
) {
  const { sql, params } = statement(scope, filter, sort, offset, 25);
  return ctx.db.transaction(async (tx) => {
    await tx.exec('SET LOCAL plan_cache_mode = force_generic_plan');
    await tx.exec(`PREPARE page_plan AS ${sql}`);
    const r = await tx.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE page_plan(${params.map(literal).join(', ')})`,
    );
    // The plan as text, to show in a failing case's message.
    const text = await tx.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (COSTS OFF) EXECUTE page_plan(${params.map(literal).join(', ')})`,
    );
    await tx.exec('DEALLOCATE page_plan');
    const raw = r.rows[0]!['QUERY PLAN'];
    const root = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!;
    const rows = (p: PlanNode) => (p['Actual Rows'] ?? 0) * (p['Actual Loops'] ?? 1);
    /** A part of the plan's sorts and scans of jobs, leaving out the subplans named. */
    const measure = (from: PlanNode, apart: RegExp) => {
      const m = { sorted: 0, read: 0, seqScan: false };
      const walk = (p: PlanNode) => {
        if (p !== from && apart.test(p['Subplan Name'] ?? '')) return;
        if (p['Node Type'] === 'Sort') m.sorted = Math.max(m.sorted, rows(p.Plans![0]!));
        if (p['Relation Name'] === 'jobs' && /Scan/.test(p['Node Type'])) {
          m.seqScan ||= p['Node Type'] === 'Seq Scan';
          const removed = (p['Rows Removed by Filter'] ?? 0) * (p['Actual Loops'] ?? 1);
          m.read = Math.max(m.read, rows(p) + removed);
        }
        p.Plans?.forEach(walk);
      };
      walk(from);
      return m;
    };
    // The page's ids (CTE `page`; a search's `newest` ids and the `recent` rows matched among them)
    // apart from the rest.
    const find = (name: string, p: PlanNode): PlanNode | undefined =>
      p['Subplan Name'] === name ? p : p.Plans?.map((c) => find(name, c)).find(Boolean);
    const recent = find('CTE recent', root.Plan);
    return {
      ...measure(find('CTE page', root.Plan)!, /^$/),
      joined: measure(root.Plan, /^CTE (page|newest|recent)$/),
      recent: recent && measure(recent, /^$/),
      text: text.rows.map((l) => l['QUERY PLAN']).join('\n'),
    };
  });
}

const fields = ['code', 'type', 'subject_name', 'state', 'status', 'due_at', 'created_at'] as const;
const sorts: JobSort[] = fields.flatMap((field) => [
  { field, order: 'ASC' as const },
  { field, order: 'DESC' as const },
]);

const sortByNewest: JobSort = { field: 'created_at', order: 'DESC' };

/** A page's plan takes in no more than each part's first offset + 25 rows, from one range each. */
async function expectOneRangePerPart(scope: JobScope, filter: JobListFilter, sort: JobSort) {
  for (const offset of [0, 200]) {
    const plan = await planOf(scope, filter, sort, offset);
    const label = `${JSON.stringify(filter)} ${sort.field} ${sort.order} from ${offset}\n${plan.text}`;
    // Two parts (the staged-import twin of a part reads nothing), each offset + 25 rows.
    const bound = 2 * (offset + 25);
    expect(plan.seqScan, label).toBe(false);
    expect(plan.sorted, label).toBeLessThanOrEqual(bound);
    expect(plan.read, label).toBeLessThanOrEqual(2 * bound);
  }
}

describe('the plan of a page of the jobs list', () => {
  it(
    "reads a partner company's list, in every order, from one index range",
    async () => {
      const scope: JobScope = { kind: 'company', companyId: partner.companyId! };
      for (const sort of sorts) await expectOneRangePerPart(scope, {}, sort);
    },
    slow,
  );

  it(
    "reads an agent's list, in every order, from one index range",
    async () => {
      const scope: JobScope = { kind: 'agent', agentId: agent.account.id };
      for (const sort of sorts) await expectOneRangePerPart(scope, {}, sort);
    },
    slow,
  );

  it(
    'reads the whole rows of a page by their key, never a scan of every job',
    async () => {
      // A plan made for any values guesses how many rows the page holds: a guess of hundreds
      // made a join to a scan of the whole table cheaper, and that plan was kept as jobs were
      // added (116 ms a page at 110,000 jobs).
      const cases: [JobScope, JobListFilter, Statement][] = [
        [{ kind: 'company', companyId: partner.companyId! }, {}, listPageStatement],
        [{ kind: 'company', companyId: company.companyId! }, {}, listPageStatement],
        [{ kind: 'agent', agentId: agent.account.id }, {}, listPageStatement],
        [{ kind: 'all' }, { status: 'accepted' }, listPageStatement],
        [{ kind: 'company', companyId: company.companyId! }, { q: 'Obi' }, recentSearchStatement],
      ];
      for (const [scope, filter, statement] of cases) {
        for (const offset of [0, 200]) {
          const plan = await planOf(scope, filter, sortByNewest, offset, statement);
          const label = `${scope.kind} ${JSON.stringify(filter)} from ${offset}\n${plan.text}`;
          expect(plan.joined.seqScan, label).toBe(false);
          expect(plan.joined.read, label).toBeLessThanOrEqual(25);
          // A search's newest jobs, read whole to match the words: by key too.
          if (statement === recentSearchStatement) {
            expect(plan.recent?.seqScan, label).toBe(false);
            expect(plan.recent?.read, label).toBeLessThanOrEqual(recentSearchRows);
          }
        }
      }
    },
    slow,
  );
});
