import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../../../server/db/postgres';
import { createUser } from '../helpers';
import { postgresBinDir, startPostgres, type Postgres } from '../../../scripts/cluster';
import { startServerProcess, type ServerProcess } from './support';

const unavailable = 'The database cannot be reached just now. Please try again in a minute.';

interface Answer {
  status: number;
  ms: number;
  body: { message?: string };
  retryAfter: string | null;
}

async function timed(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return {
      status: res.status,
      ms: Date.now() - started,
      body,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch (err) {
    return {
      status: 0,
      ms: Date.now() - started,
      body: { message: String(err) },
      retryAfter: null,
    };
  }
}

// Always a server of our own (CI installs PostgreSQL): it is stopped under the API's feet.
// Where PostgreSQL is not installed this runs only on CI, which installs it (.ci/run): there its
// absence fails the run.
describe.runIf(postgresBinDir() || process.env.CI)('PostgreSQL stopped under load', () => {
  let pg: Postgres;
  let server: ServerProcess;
  let headers: Record<string, string>;

  beforeAll(async () => {
    pg = await startPostgres();
    server = await startServerProcess({ DATABASE_URL: pg.url, DATABASE_POOL_SIZE: '4' });
    const db = await openPostgres(pg.url, 1);
    try {
      const { account, password } = await createUser(db, { role: 'company' });
      const res = await fetch(`${server.url}/api/v2/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password }),
      });
      expect(res.status).toBe(200);
      const { accessToken } = (await res.json()) as { accessToken: string };
      headers = { authorization: `Bearer ${accessToken}` };
    } finally {
      await db.close();
    }
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await pg?.stop();
  });

  it('answers 503 with a message while it is down, and 200 again by itself once it is back', async () => {
    const urls = [`${server.url}/api/v2/health`, `${server.url}/api/v2/jobs`];
    expect((await timed(urls[1]!, headers)).status).toBe(200);

    // Eight clients asking in a loop while the server goes away.
    let running = true;
    const answers: Answer[] = [];
    const clients = Array.from({ length: 8 }, async (_, i) => {
      while (running) answers.push(await timed(urls[i % 2]!, headers));
    });
    await vi.waitUntil(() => answers.length >= 20, { timeout: 20_000, interval: 50 });
    const stoppedAt = answers.length;
    pg.halt('fast');
    await vi.waitUntil(
      () => answers.slice(stoppedAt).filter((a) => a.status === 503).length >= 20,
      { timeout: 20_000, interval: 50 },
    );
    running = false;
    await Promise.all(clients);

    const during = answers.slice(stoppedAt);
    // Requests cut in flight by the stop may end as 503 too; nothing else, nothing slow.
    expect(during.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const down = during.filter((a) => a.status === 503);
    expect(new Set(down.map((a) => `${a.body.message} (Retry-After ${a.retryAfter})`))).toEqual(
      new Set([`${unavailable} (Retry-After 30)`]),
    );
    expect(Math.max(...during.map((a) => a.ms))).toBeLessThan(10_000);

    // The health check says so, naming nothing of the server's internals.
    const health = await timed(urls[0]!);
    expect(health.status).toBe(503);

    // Each request waits at most the connection timeout, however many queue for the pool.
    const burst = await Promise.all(Array.from({ length: 12 }, () => timed(urls[1]!, headers)));
    expect(burst.map((a) => a.status)).toEqual(Array(12).fill(503));
    expect(Math.max(...burst.map((a) => a.ms))).toBeLessThan(10_000);

    pg.resume();
    await vi.waitUntil(async () => (await timed(urls[1]!, headers)).status === 200, {
      timeout: 30_000,
      interval: 50,
    });
    expect((await timed(urls[0]!)).status).toBe(200);
    // The same process all along (nobody restarts it here), and nothing went unhandled.
    expect(server.log()).not.toMatch(/uncaught|unhandled/i);
  });
});
