import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from '../../../server/services/jobCreation';
import type { TestContext } from '../helpers';
import { createJobsTestApp, fundWallet, signIn, type Actor } from './support';

// A page past the middle of a long list is read from the list's far end (jobsList `farEndOf`):
// the same rows in the same order as reading from the start, which SQL with OFFSET says here.

let ctx: TestContext;
let company: Actor;
let partner: Actor;
let admin: Actor;
let agent: Actor;
const n = 5_300;
const stateList = ['lagos', 'oyo', 'kano', 'abia'];
// Thousands of jobs and hundreds of pages per test: more than the defaults on a shared, busy machine.
const slow = 300_000;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
  partner = await signIn(ctx.app, ctx.db, 'company', { partner: true });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  agent = await signIn(ctx.app, ctx.db, 'agent');
  await fundWallet(ctx.db, company.companyId!, n * 150_000);
  const { repos, queue } = ctx.app;
  const orders = Array.from({ length: n }, (_, i) => ({
    type: 'address' as const,
    company_id: company.companyId!,
    created_by: company.account.id,
    state: stateList[i % 4]!,
    lga: 'Somewhere',
    // Names out of creation order, and jobs of one chunk share their creation time.
    subject_name: `Deep${(i * 7919) % n} Obi`,
    fields: { first_name: `Deep${i}`, last_name: 'Obi', phone: '+2348031000001' },
  }));
  await importJobs({ ...repos, queue }, ctx.db, orders, company.account.id, {
    file: 'deep.csv',
    staged: true,
  });
  await ctx.db.query(
    `UPDATE jobs SET status = 'cancelled' WHERE company_id = $1 AND abs(hashtext(id::text)) % 3 = 0`,
    [company.companyId],
  );
  // A fifth assigned to a partner company and another to an agent (due times spread, some none),
  // some of them declined: the assignee's list hides those subjects' names, and sorts them as hidden.
  const assignees = [
    {
      kind: 'company',
      column: 'assignee_company_id',
      id: partner.companyId,
      open: 'assigned',
      fifth: 1,
    },
    {
      kind: 'agent',
      column: 'assignee_agent_id',
      id: agent.account.id,
      open: 'accepted',
      fifth: 2,
    },
  ];
  for (const a of assignees) {
    await ctx.db.query(
      `UPDATE jobs SET assignee_type = '${a.kind}', ${a.column} = $2, assigned_at = now(),
              due_at = CASE WHEN abs(hashtext(id::text)) % 7 = 0 THEN NULL
                            ELSE now() + (abs(hashtext(id::text)) % 50 || ' hours')::interval END,
              status = CASE WHEN abs(hashtext(id::text)) % 4 = 0 THEN 'declined' ELSE '${a.open}' END
        WHERE company_id = $1 AND abs(hashtext(id::text)) % 5 = ${a.fifth}`,
      [company.companyId, a.id],
    );
  }
}, slow);
afterAll(() => ctx.close());

async function apiPage(
  sort: [string, string],
  filter: object,
  from: number,
  to: number,
  who: Actor = company,
) {
  const q = new URLSearchParams({
    sort: JSON.stringify(sort),
    filter: JSON.stringify(filter),
    range: JSON.stringify([from, to]),
  });
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v2/jobs?${q}`,
    headers: who.headers,
  });
  expect(res.statusCode).toBe(200);
  return {
    range: res.headers['content-range'],
    ids: (res.json() as { id: string }[]).map((j) => j.id),
  };
}

async function sqlPage(order: string, status: string | null, offset: number, limit: number) {
  const r = await ctx.db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE company_id = $1 AND ($2::text IS NULL OR status = $2)
      ORDER BY ${order} OFFSET $3 LIMIT $4`,
    [company.companyId, status, offset, limit],
  );
  return r.rows.map((row) => row.id);
}

describe('deep pages of the jobs list', () => {
  it(
    'reads every deep page as the list in order has it, whichever end it is read from',
    async () => {
      const cases = [
        { sort: ['created_at', 'DESC'], order: 'created_at DESC, id DESC', status: null },
        { sort: ['created_at', 'ASC'], order: 'created_at ASC, id ASC', status: null },
        { sort: ['subject_name', 'ASC'], order: 'subject_name ASC, id ASC', status: null },
        { sort: ['created_at', 'DESC'], order: 'created_at DESC, id DESC', status: 'cancelled' },
      ] as const;
      for (const c of cases) {
        const filter = c.status ? { status: c.status } : {};
        const total = Number(
          /\/(\d+)$/.exec(String((await apiPage(c.sort as never, filter, 0, 0)).range))![1],
        );
        // Near the start, past the middle, the last full page, the partial last page, past the end.
        for (const from of [0, 5_000, total - 50, total - 25, total - 10, total]) {
          if (from < 0) continue;
          const page = await apiPage(c.sort as never, filter, from, from + 24);
          expect(page.ids, `${c.order} ${c.status} from ${from}`).toEqual(
            await sqlPage(c.order, c.status, from, 25),
          );
        }
      }
    },
    slow,
  );
});

/** What each caller sees, and its sort key for a name (a subject hidden from it sorts as ''). */
const callers = () => ({
  owner: {
    who: company,
    where: '(j.company_id = $1 OR j.assignee_company_id = $1)',
    party: company.companyId,
  },
  partner: {
    who: partner,
    where: '(j.company_id = $1 OR j.assignee_company_id = $1)',
    party: partner.companyId,
  },
  admin: { who: admin, where: '$1::uuid IS NULL', party: null },
  // Agents have no jobs screen: their list is read from the repository (`agentPage`).
  agent: { who: agent, where: 'j.assignee_agent_id = $1', party: agent.account.id },
});

const keyOf = (field: string, admin: boolean) =>
  field === 'subject_name' && !admin
    ? `CASE WHEN j.status IN ('declined', 'cancelled') AND j.company_id IS DISTINCT FROM $1
              AND j.type = 'address' THEN '' ELSE j.subject_name END`
    : field === 'id'
      ? 'j.created_at'
      : `j.${field}`;

/** A page as a plain query says it: the caller's jobs, the filter, ORDER BY, OFFSET, LIMIT. */
async function referencePage(
  caller: ReturnType<typeof callers>[keyof ReturnType<typeof callers>],
  sort: [string, 'ASC' | 'DESC'],
  filter: { status?: string; state?: string; type?: string },
  offset: number,
) {
  const [field, dir] = sort;
  const r = await ctx.db.query<{ id: string }>(
    `SELECT j.id FROM jobs j
      WHERE ${caller.where} AND ($2::text IS NULL OR j.status = $2)
        AND ($3::text IS NULL OR j.state = $3) AND ($4::text IS NULL OR j.type = $4)
      ORDER BY ${keyOf(field, caller.party === null)} ${dir}, j.id ${dir} OFFSET $5 LIMIT 25`,
    [caller.party, filter.status ?? null, filter.state ?? null, filter.type ?? null, offset],
  );
  return r.rows.map((row) => row.id);
}

/** How many jobs the reference counts for the caller and filter. */
async function referenceTotal(
  caller: ReturnType<typeof callers>[keyof ReturnType<typeof callers>],
  filter: { status?: string; state?: string; type?: string },
) {
  const r = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM jobs j
      WHERE ${caller.where} AND ($2::text IS NULL OR j.status = $2)
        AND ($3::text IS NULL OR j.state = $3) AND ($4::text IS NULL OR j.type = $4)`,
    [caller.party, filter.status ?? null, filter.state ?? null, filter.type ?? null],
  );
  return r.rows[0]!.n;
}

describe('every sort and filter of the jobs screen, for every caller, at any depth', () => {
  it(
    'reads each page as a plain ORDER BY … OFFSET over the same jobs has it',
    async () => {
      const fields = ['code', 'type', 'subject_name', 'state', 'status', 'due_at', 'created_at'];
      const plan: [keyof ReturnType<typeof callers>, object[]][] = [
        [
          'owner',
          [{}, { status: 'cancelled' }, { state: 'oyo' }, { state: 'kano', status: 'pending' }],
        ],
        ['partner', [{}, { status: 'declined' }, { state: 'oyo' }]],
        ['admin', [{}, { type: 'address' }, { state: 'kano' }]],
      ];
      let pages = 0;
      for (const [name, filters] of plan) {
        const caller = callers()[name];
        for (const filter of filters) {
          for (const field of fields) {
            for (const dir of ['ASC', 'DESC'] as const) {
              const sort: [string, 'ASC' | 'DESC'] = [field, dir];
              const first = await apiPage(sort, filter, 0, 0, caller.who);
              const total = Number(/\/(\d+)$/.exec(String(first.range))![1]);
              expect(total, `${name} ${JSON.stringify(filter)}`).toBeGreaterThan(100);
              for (const from of [0, Math.floor(total / 2), total - 10]) {
                const page = await apiPage(sort, filter, from, from + 24, caller.who);
                expect(
                  page.ids,
                  `${name} ${JSON.stringify(filter)} ${field} ${dir} from ${from}`,
                ).toEqual(await referencePage(caller, sort, filter, from));
                pages++;
              }
            }
          }
        }
      }
      expect(pages).toBe(10 * 14 * 3);
    },
    slow,
  );
});

/** A page of an agent's list as the repository reads it, with its total. */
async function agentPage(sort: [string, 'ASC' | 'DESC'], filter: object, offset: number) {
  const page = await ctx.app.repos.jobs.listPage(
    { kind: 'agent', agentId: agent.account.id },
    filter,
    { field: sort[0] as 'code', order: sort[1] },
    offset,
    25,
  );
  return { total: page.total, ids: (JSON.parse(page.json) as { id: string }[]).map((j) => j.id) };
}

describe("an agent's list, every sort, at any depth", () => {
  it(
    'reads each page as a plain ORDER BY … OFFSET over the jobs assigned to the agent has it',
    async () => {
      const fields = ['code', 'type', 'subject_name', 'state', 'status', 'due_at', 'created_at'];
      const caller = callers().agent;
      for (const filter of [{}, { status: 'declined' }, { state: 'abia' }]) {
        const total = await referenceTotal(caller, filter);
        expect(total).toBeGreaterThan(100);
        for (const field of fields) {
          for (const dir of ['ASC', 'DESC'] as const) {
            // Twice: the second read of a deep page is past its remembered boundaries.
            for (const from of [0, Math.floor(total / 2), total - 10, 260, Math.floor(total / 2)]) {
              const page = await agentPage([field, dir], filter, from);
              const label = `agent ${JSON.stringify(filter)} ${field} ${dir} from ${from}`;
              expect(page.ids, label).toEqual(
                await referencePage(caller, [field, dir], filter, from),
              );
              expect(page.total, label).toBe(total);
            }
          }
        }
      }
    },
    slow,
  );
});

// Deep pages are read past remembered boundaries (jobsPageKeys.ts), valid for one version of the
// caller's jobs: every write between two reads must show in the next one, never an old boundary.
describe('deep pages after jobs are written between two reads', () => {
  const lists: [keyof ReturnType<typeof callers>, object, [string, 'ASC' | 'DESC'][]][] = [
    [
      'owner',
      {},
      [
        ['created_at', 'DESC'],
        ['subject_name', 'ASC'],
        ['due_at', 'ASC'],
        ['due_at', 'DESC'],
      ],
    ],
    [
      'owner',
      { state: 'oyo' },
      [
        ['created_at', 'ASC'],
        ['subject_name', 'DESC'],
      ],
    ],
    [
      'owner',
      { status: 'cancelled' },
      [
        ['code', 'ASC'],
        ['created_at', 'DESC'],
      ],
    ],
    [
      'partner',
      {},
      [
        ['subject_name', 'ASC'],
        ['due_at', 'DESC'],
      ],
    ],
    [
      'admin',
      { type: 'address' },
      [
        ['code', 'DESC'],
        ['state', 'ASC'],
      ],
    ],
  ];

  /**
   * Every list's pages near the top, in the middle and near the end, against the reference. The
   * first read of each list after a write is a deep page: the one a stale boundary would answer.
   */
  async function expectPagesAsReference(when: string) {
    for (const [name, filter, sorts] of lists) {
      const caller = callers()[name];
      for (const sort of sorts) {
        const total = await referenceTotal(caller, filter);
        expect(total).toBeGreaterThan(600);
        for (const from of [260, 601, Math.floor(total / 2), total - 30]) {
          const page = await apiPage(sort, filter, from, from + 24, caller.who);
          const label = `${when}: ${name} ${JSON.stringify(filter)} ${sort.join(' ')} from ${from}`;
          expect(page.ids, label).toEqual(await referencePage(caller, sort, filter, from));
          expect(page.range, label).toBe(`jobs ${from}-${from + 24}/${total}`);
        }
      }
    }
  }

  it(
    'reads every page as the reference after inserts, status moves, renames, reassignments and deletes',
    async () => {
      await expectPagesAsReference('before any write');
      // Read twice: the second read is the one past remembered boundaries.
      await expectPagesAsReference('read again');

      // New jobs: the newest first, their names among the others, in every state of the lists.
      const added = await ctx.db.query<{ id: string }>(
        `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields, status)
       SELECT 'address', $1, $2, (ARRAY['lagos', 'oyo', 'kano', 'abia'])[1 + i % 4], 'Somewhere',
              'Deep' || (i * 331) || ' Obi', '{}'::jsonb,
              CASE WHEN i % 3 = 0 THEN 'cancelled' ELSE 'pending' END
         FROM generate_series(1, 40) i RETURNING id`,
        [company.companyId, company.account.id],
      );
      await expectPagesAsReference('after 40 inserts');

      await ctx.db.query(
        `UPDATE jobs SET status = 'cancelled'
        WHERE company_id = $1 AND status <> 'cancelled' AND abs(hashtext(id::text)) % 37 = 5`,
        [company.companyId],
      );
      await expectPagesAsReference('after status moves');

      // A rename and a new due date move a job within the name and due-date orders alone.
      await ctx.db.query(
        `UPDATE jobs SET subject_name = 'Aaa Renamed ' || code, due_at = now() - interval '3 days'
        WHERE company_id = $1 AND abs(hashtext(id::text)) % 53 = 7`,
        [company.companyId],
      );
      await expectPagesAsReference('after renames');

      // Some of the partner's jobs taken back and others given to it.
      await ctx.db.query(
        `UPDATE jobs SET assignee_type = NULL, assignee_company_id = NULL, due_at = NULL
        WHERE assignee_company_id = $1 AND abs(hashtext(id::text)) % 11 = 0`,
        [partner.companyId],
      );
      await ctx.db.query(
        `UPDATE jobs SET assignee_type = 'company', assignee_company_id = $2, status = 'assigned',
              due_at = now() + interval '5 hours'
        WHERE company_id = $1 AND assignee_type IS NULL AND abs(hashtext(id::text)) % 29 = 3`,
        [company.companyId, partner.companyId],
      );
      await expectPagesAsReference('after reassignments');

      await ctx.db.query(`DELETE FROM jobs WHERE id = ANY($1::uuid[])`, [
        added.rows.filter((_, i) => i % 2 === 0).map((r) => r.id),
      ]);
      await expectPagesAsReference('after deletes');
    },
    slow,
  );

  it(
    'keeps the boundaries read before a write that was rolled back, and reads past them',
    async () => {
      const sort: [string, 'ASC' | 'DESC'] = ['subject_name', 'ASC'];
      const caller = callers().owner;
      await apiPage(sort, {}, 3_000, 3_024);
      await ctx.db
        .transaction(async (tx) => {
          await tx.query(`UPDATE jobs SET subject_name = 'Zzz' WHERE company_id = $1`, [
            company.companyId,
          ]);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      const page = await apiPage(sort, {}, 3_000, 3_024);
      expect(page.ids).toEqual(await referencePage(caller, sort, {}, 3_000));
    },
    slow,
  );
});
