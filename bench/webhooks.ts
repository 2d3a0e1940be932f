import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { stateAliases } from '../reference/locations';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/pglite';
import { openPostgres } from '../server/db/postgres';
import { createLedgerRepository } from '../server/repositories/ledger';
import { createConfirmedUser } from '../server/services/createUser';
import { fundingMovement } from '../server/services/ledger';
import { fmt, markdownTable, median, quantile } from './report';

const password = 'bench-password';

/**
 * What webhooks cost, in one run on one app (in process, WEBHOOK_ALLOW_PRIVATE): creating a job
 * through the API for a company with an endpoint subscribed to `job.created` against one without
 * (alternated, so both see the same machine, each on an idle queue), and the latency from a job's move (its cancel
 * answered) to the receiver on 127.0.0.1 holding the event, one move at a time on an idle queue.
 */
export async function benchWebhooks(scratchUrl?: string) {
  const db: Db = scratchUrl ? await openPostgres(scratchUrl) : await openPglite();
  await migrate(db);
  const received = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as {
        type: string;
        data: { job: { id: string } };
      };
      received.set(`${body.type} ${body.data.job.id}`, at);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const config = {
    ...loadConfig({
      DATA_DIR: '/nonexistent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    }),
    logLevel: 'silent',
    webhooks: { allowPrivate: true },
  };
  const app = await buildApp({ config, db });
  await app.ready();
  try {
    await db.query(
      `INSERT INTO tat_settings (state, job_type, audience, amount_kobo, tat_in_hours)
       SELECT s, 'address', 'company', 150000, 48 FROM unnest($1::text[]) s`,
      [stateAliases],
    );
    const company = async (name: string) => {
      const owner = await createConfirmedUser(db, {
        role: 'company',
        email: `${name}@bench.ng`,
        password,
        first_name: 'Bench',
        last_name: name,
        company_name: `${name} Ltd`,
      });
      await createLedgerRepository(db).post([
        fundingMovement(owner.company_id!, 1e13, `HOOK-BENCH-${name}`, {}, null),
      ]);
      const login = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { email: owner.email, password },
      });
      const token = (login.json() as { accessToken: string }).accessToken;
      return { authorization: `Bearer ${token}` };
    };
    const plain = await company('plain');
    const hooked = await company('hooked');
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v2/webhooks',
      headers: hooked,
      payload: { url: receiverUrl, events: ['job.created', 'job.cancelled'] },
    });
    if (registered.statusCode !== 201) throw new Error(`webhook: ${registered.body}`);

    const create = async (headers: Record<string, string>, i: number) => {
      const form = new FormData();
      const fields = {
        first_name: 'Bench',
        last_name: `Subject ${i}`,
        phone: '0803 123 4567',
        email: 'bench@example.ng',
        address: `${i} Allen Avenue`,
        landmark: 'Near the market',
        state: 'lagos',
        lga: 'ikeja',
      };
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/job/create-address',
        headers,
        payload: form,
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      return { ms, id: (res.json() as { id: string }).id };
    };

    const n = Number(process.env.BENCH_WEBHOOK_JOBS ?? 300);
    for (let i = 0; i < 20; i++) await create(i % 2 ? plain : hooked, i); // warm-up
    const without: number[] = [];
    const withHook: number[] = [];
    const hookedJobs: string[] = [];
    // Each creation starts on an idle queue: the figure is the creation's own cost (the
    // delivery that follows runs after its answer, measured below).
    for (let i = 0; i < n; i++) {
      without.push((await create(plain, i)).ms);
      await app.queue.settled();
      const made = await create(hooked, i);
      withHook.push(made.ms);
      hookedJobs.push(made.id);
      await app.queue.settled();
    }
    await app.queue.settled();

    // Move → receipt, one at a time on an idle queue.
    const moves = Math.min(200, hookedJobs.length);
    const latency: number[] = [];
    for (const id of hookedJobs.slice(0, moves)) {
      const t = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/v2/job/${id}/cancel`,
        headers: hooked,
        payload: { reason: 'Bench' },
      });
      if (res.statusCode !== 200) throw new Error(`cancel: ${res.statusCode} ${res.body}`);
      const key = `job.cancelled ${id}`;
      const until = Date.now() + 30_000;
      while (!received.has(key)) {
        if (Date.now() > until) throw new Error(`no delivery of ${key}`);
        await new Promise((resolve) => setImmediate(resolve));
      }
      latency.push(received.get(key)! - t);
    }

    const rows = [
      ['measure', 'with a subscribed endpoint', 'without', 'ratio'],
      [
        `create one job through the API (median of ${n}, ms)`,
        fmt(median(withHook), 2),
        fmt(median(without), 2),
        fmt(median(withHook) / median(without), 2),
      ],
      [
        `create one job through the API (mean of ${n}, ms)`,
        fmt(withHook.reduce((a, b) => a + b, 0) / n, 2),
        fmt(without.reduce((a, b) => a + b, 0) / n, 2),
        fmt(withHook.reduce((a, b) => a + b, 0) / without.reduce((a, b) => a + b, 0), 2),
      ],
    ];
    const latencyRows = [
      ['move → receiver (ms)', 'median', 'p99', 'moves'],
      [
        'job cancelled, event at the receiver',
        fmt(median(latency), 1),
        fmt(quantile(latency, 0.99), 1),
        String(moves),
      ],
    ];
    return [
      `## Webhooks (${scratchUrl ? 'PostgreSQL' : 'PGlite'})`,
      '',
      'Creating a job through the API for a company with an endpoint subscribed to `job.created` ' +
        '(the event, its delivery and its queued job written in the same transaction) against ' +
        'one without, alternated in the same run; then the time from a job move (its cancel ' +
        'answered) to the event at a receiver on 127.0.0.1, one move at a time on an idle queue.',
      '',
      ...markdownTable(rows),
      '',
      ...markdownTable(latencyRows),
      '',
    ].join('\n');
  } finally {
    await app.close();
    await db.close();
    receiver.close();
  }
}
