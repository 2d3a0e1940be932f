import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startCluster, type ApiProcess, type Cluster } from '../scripts/cluster';
import {
  call,
  capturePhotos,
  captureForm,
  createAddressJob,
  expectStatus,
  signIn,
  submitCapture,
  type CapturePhotos,
  type CreatedJob,
  type Reply,
} from '../scripts/clusterClient';
import { fmt, markdownTable, median } from './report';

/**
 * A day's mix of work for BENCH_MIXED_SECONDS (default 60) against one API process, then against
 * two behind a round-robin (the client alternates), both on one PostgreSQL (scripts/cluster.ts,
 * seeded with the demo): what each kind costs, whether anything fails, and each process's memory
 * before and after. Every kind is one real request; a kind whose input is not there yet (a job to
 * assign, a link to submit) is a jobs list instead.
 */

const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** Users working at once: each sends its next request when the last one is answered. */
const users = 10;

/** How often each kind comes, per 100 requests: mostly reading lists, then the work they lead to. */
const weights = {
  'sign-in': 2,
  'jobs list': 38,
  'job detail': 12,
  'transactions list': 10,
  wallet: 6,
  'job create': 14,
  assign: 7,
  'capture link': 5,
  'capture submission': 5,
  funding: 1,
} as const;

type Kind = keyof typeof weights;
const kinds = Object.keys(weights) as Kind[];

interface Tokens {
  company: string;
  admin: string;
}

/** What a phase's requests leave for later ones: created jobs, assigned jobs, capture links. */
interface Work {
  pending: string[];
  assigned: string[];
  links: string[];
  recent: string[];
}

interface Tally {
  ms: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  samples: string[];
}

const pickKind = (() => {
  const total = kinds.reduce((s, k) => s + weights[k], 0);
  return (): Kind => {
    let r = Math.random() * total;
    for (const k of kinds) {
      r -= weights[k];
      if (r < 0) return k;
    }
    return 'jobs list';
  };
})();

const jobsListPath = `/jobs?sort=${encodeURIComponent('["created_at","DESC"]')}&range=${encodeURIComponent('[0,24]')}`;

/** One request of `kind` through `url`; the kind it really was (a fallback is a jobs list). */
async function one(
  kind: Kind,
  url: string,
  tokens: Tokens,
  ctx: { agentId: string; companyId: string; photos: CapturePhotos[]; work: Work; n: () => number },
): Promise<{ kind: Kind; reply: Reply; expected: number }> {
  const { work } = ctx;
  const list = async () => ({
    kind: 'jobs list' as Kind,
    reply: await call(url, 'GET', jobsListPath, { token: tokens.company }),
    expected: 200,
  });
  switch (kind) {
    case 'sign-in':
      return {
        kind,
        reply: await call(url, 'POST', '/auth/login', {
          json: { email: 'company@demo.ng', password: 'Company1234!' },
        }),
        expected: 200,
      };
    case 'jobs list':
      return list();
    case 'job detail': {
      const id = work.recent[Math.floor(Math.random() * work.recent.length)];
      if (!id) return list();
      return {
        kind,
        reply: await call(url, 'GET', `/job/detail/${id}`, { token: tokens.company }),
        expected: 200,
      };
    }
    case 'transactions list':
      return {
        kind,
        reply: await call(url, 'GET', `/transactions?range=${encodeURIComponent('[0,24]')}`, {
          token: tokens.company,
        }),
        expected: 200,
      };
    case 'wallet':
      return {
        kind,
        reply: await call(url, 'GET', '/wallet', { token: tokens.company }),
        expected: 200,
      };
    case 'job create': {
      const reply = await createAddressJob(url, tokens.company, ctx.n());
      if (reply.status === 201) {
        const { id } = reply.body as CreatedJob;
        work.pending.push(id);
        work.recent.push(id);
        if (work.recent.length > 200) work.recent.shift();
      }
      return { kind, reply, expected: 201 };
    }
    case 'assign': {
      const id = work.pending.shift();
      if (!id) return list();
      const reply = await call(url, 'PATCH', `/job/assign/agent/${ctx.agentId}`, {
        token: tokens.admin,
        json: { list: [id] },
      });
      if (reply.status === 200) work.assigned.push(id);
      return { kind, reply, expected: 200 };
    }
    case 'capture link': {
      const id = work.assigned.shift();
      if (!id) return list();
      const reply = await call<{ token: string }>(url, 'POST', `/job/${id}/capture-link`, {
        token: tokens.admin,
      });
      if (reply.status === 201) work.links.push(reply.body.token);
      return { kind, reply, expected: 201 };
    }
    case 'capture submission': {
      const token = work.links.shift();
      if (!token) return list();
      const photos = ctx.photos[ctx.n() % ctx.photos.length]!;
      return { kind, reply: await submitCapture(url, token, captureForm(photos)), expected: 201 };
    }
    case 'funding':
      return {
        kind,
        reply: await call(url, 'POST', '/wallet/fund', {
          token: tokens.admin,
          json: {
            company_id: ctx.companyId,
            amount: 50_000,
            reference: `MIXED-${randomUUID()}`,
            paid_at: new Date().toISOString().slice(0, 10),
          },
        }),
        expected: 201,
      };
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

interface PhaseResult {
  label: string;
  requests: number;
  errors: number;
  rps: number;
  all: { p50: number; p99: number };
  byKind: Record<Kind, { count: number; errors: number; p50: number; p99: number }>;
  memory: { before: number; after: number }[];
  /** The machine's 1-minute load average at the phase's end: other work shares its cores. */
  load: number;
  samples: string[];
}

/** `users` loops for `durationS` seconds over `targets` in turn (a client-side round-robin). */
async function phase(
  label: string,
  targets: ApiProcess[],
  durationS: number,
  setup: { agentId: string; companyId: string; photos: CapturePhotos[] },
  counter: { n: number },
): Promise<PhaseResult> {
  const first = targets[0]!.url;
  const tokens: Tokens = {
    company: (await signIn(first, 'company@demo.ng', 'Company1234!')).accessToken,
    admin: (await signIn(first, 'admin@demo.ng', 'Admin1234!')).accessToken,
  };
  // Money for every job the phase may create (each is charged), recorded as one bank transfer.
  expectStatus(
    await call(first, 'POST', '/wallet/fund', {
      token: tokens.admin,
      json: {
        company_id: setup.companyId,
        amount: 500_000_000,
        reference: `MIXED-PHASE-${randomUUID()}`,
        paid_at: new Date().toISOString().slice(0, 10),
      },
    }),
    201,
    'funding the phase',
  );
  const work: Work = { pending: [], assigned: [], links: [], recent: [] };
  const tally: Tally = {
    ms: Object.fromEntries(kinds.map((k) => [k, []])) as unknown as Record<Kind, number[]>,
    errors: Object.fromEntries(kinds.map((k) => [k, 0])) as Record<Kind, number>,
    samples: [],
  };
  const memoryBefore = targets.map((t) => t.rss());
  let turn = 0;
  const ctx = { ...setup, work, n: () => ++counter.n };
  const until = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < until) {
        const url = targets[turn++ % targets.length]!.url;
        const t = performance.now();
        let kind = pickKind();
        try {
          const done = await one(kind, url, tokens, ctx);
          kind = done.kind;
          tally.ms[kind].push(performance.now() - t);
          if (done.reply.status !== done.expected) {
            tally.errors[kind]++;
            if (tally.samples.length < 5) {
              tally.samples.push(
                `${kind}: ${done.reply.status} ${JSON.stringify(done.reply.body).slice(0, 160)}`,
              );
            }
          }
        } catch (err) {
          tally.ms[kind].push(performance.now() - t);
          tally.errors[kind]++;
          if (tally.samples.length < 5) tally.samples.push(`${kind}: ${String(err)}`);
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  const memoryAfter = targets.map((t) => t.rss());
  const all = kinds.flatMap((k) => tally.ms[k]).sort((x, y) => x - y);
  const errors = kinds.reduce((s, k) => s + tally.errors[k], 0);
  return {
    label,
    requests: all.length,
    errors,
    rps: all.length / elapsedS,
    all: { p50: median(all), p99: percentile(all, 99) },
    byKind: Object.fromEntries(
      kinds.map((k) => {
        const sorted = [...tally.ms[k]].sort((x, y) => x - y);
        return [
          k,
          {
            count: sorted.length,
            errors: tally.errors[k],
            p50: sorted.length ? median(sorted) : 0,
            p99: percentile(sorted, 99),
          },
        ];
      }),
    ) as PhaseResult['byKind'],
    memory: memoryBefore.map((before, i) => ({ before, after: memoryAfter[i]! })),
    load: loadavg()[0]!,
    samples: tally.samples,
  };
}

const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

/**
 * The mixed workload's section of bench/results-postgres.md: on a scratch database of
 * `databaseUrl`'s server, or on a PostgreSQL of its own (scripts/cluster.ts).
 */
export async function benchMixed(databaseUrl?: string): Promise<string> {
  console.log(`mixed workload: starting PostgreSQL and two API processes (demo data)…`);
  const cluster: Cluster = await startCluster({ processes: 2, databaseUrl });
  try {
    const [p1, p2] = cluster.processes as [ApiProcess, ApiProcess];
    const admin = await signIn(p1.url, 'admin@demo.ng', 'Admin1234!');
    const company = await signIn(p1.url, 'company@demo.ng', 'Company1234!');
    const agents = await call<{ id: string; first_name: string }[]>(
      p1.url,
      'GET',
      `/agents?filter=${encodeURIComponent(JSON.stringify({ q: 'Chinedu' }))}`,
      { token: admin.accessToken },
    );
    const agentId = expectStatus(agents, 200, 'agents')[0]!.id;
    const photos = await Promise.all(Array.from({ length: 20 }, () => capturePhotos()));
    const setup = { agentId, companyId: company.account.company_id!, photos };
    const counter = { n: 0 };
    // Code compiled, statements prepared and pools filled on both, as on servers that have run.
    await phase('warm-up', [p1, p2], Math.min(5, seconds), setup, counter);
    console.log(`mixed workload: ${seconds} s on one process…`);
    const single = await phase('one process', [p1], seconds, setup, counter);
    console.log(`mixed workload: ${seconds} s on two processes…`);
    const double = await phase('two processes (round-robin)', [p1, p2], seconds, setup, counter);
    return report([single, double]);
  } finally {
    await cluster.stop();
  }
}

function report(phases: PhaseResult[]) {
  const [single, double] = phases as [PhaseResult, PhaseResult];
  const summary = markdownTable([
    ['', ...phases.map((p) => p.label)],
    ['requests', ...phases.map((p) => fmt(p.requests))],
    ['errors', ...phases.map((p) => fmt(p.errors))],
    ['throughput', ...phases.map((p) => `${fmt(p.rps)} req/s`)],
    [
      'latency p50 / p99 (all kinds)',
      ...phases.map((p) => `${fmt(p.all.p50, 1)} / ${fmt(p.all.p99, 1)} ms`),
    ],
    [
      'memory (RSS) before → after, per process',
      ...phases.map((p) => p.memory.map((m) => `${mb(m.before)} → ${mb(m.after)}`).join('; ')),
    ],
    ['machine load (1 min) at the end', ...phases.map((p) => fmt(p.load, 1))],
  ]);
  const perKind = markdownTable([
    ['kind', 'weight', ...phases.map((p) => `${p.label}: count · errors · p50 / p99 ms`)],
    ...kinds.map((k) => [
      k,
      String(weights[k]),
      ...phases.map((p) => {
        const s = p.byKind[k];
        return `${fmt(s.count)} · ${s.errors} · ${fmt(s.p50, 1)} / ${fmt(s.p99, 1)}`;
      }),
    ]),
  ]);
  const samples = phases.flatMap((p) => p.samples.map((s) => `- ${p.label}: ${s}`));
  return [
    '## Mixed workload on one and two API processes (BENCH_ONLY=mixed)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)}. Node ${process.version}, ${users} users each sending its next request when the last is answered, ${seconds} s per phase after ${Math.min(5, seconds)} s of warm-up on both; one PostgreSQL (scripts/cluster.ts) seeded with the demo, the processes on the same machine as it and as the client, so two processes share its cores rather than add any (and other work on the machine shares them too: its load is in the table). Weights are per 100 requests; a kind whose input is not there yet (a job to assign, a link to submit) is a jobs list instead.`,
    '',
    ...summary,
    '',
    ...perKind,
    '',
    `- errors: ${fmt(single.errors + double.errors)} (aim 0): ${single.errors + double.errors === 0 ? 'met' : 'NOT met'}`,
    `- two processes against one: ${fmt(double.rps / single.rps, 2)}× the throughput, p99 ${fmt(double.all.p99 / Math.max(single.all.p99, 0.1), 2)}×`,
    ...samples,
  ].join('\n');
}
