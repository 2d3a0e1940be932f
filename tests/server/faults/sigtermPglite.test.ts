import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate';
import { createTestAppOn } from '../helpers';
import { addressFields, multipart, setPrices, signIn, type Headers } from '../jobs/support';
import { ledgerInvariants } from '../money/support';
import { serverSite, type ServerSite } from './support';

// Embedded database only: the site is PGlite's data folder (serverSite(…, null)), and the second
// process starts without DATABASE_URL.

let folder: ServerSite;
let owner: Headers;

beforeAll(async () => {
  folder = await serverSite(mkdtempSync(path.join(tmpdir(), 'faults-sigterm-')), null);
  const db = await folder.open();
  await migrate(db);
  const ctx = await createTestAppOn(db, { dataDir: folder.dataDir });
  try {
    await setPrices(db);
    owner = (await signIn(ctx.app, db, 'company')).headers;
  } finally {
    await ctx.close();
  }
}, 120_000);
afterEach(() => folder.stopAll());
afterAll(() => folder?.drop());

describe('SIGTERM of the API on PGlite during writes', { timeout: 180_000 }, () => {
  it('stops cleanly, and the folder reopens with every job the clients were answered 201 for', async () => {
    const server = await folder.start();

    // A second process on the same folder is refused, saying why (the CLI's refusal and a
    // restart's are in tests/e2e/serverLifecycle.test.ts and tests/server/db/dataDirLock.test.ts).
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: folder.dataDir, PORT: '0' };
    delete env.DATABASE_URL;
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env,
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(
      /^The data folder .* is in use by the API server \(pid \d+\)\. PGlite allows one process per data folder/,
    );

    // Four clients creating jobs until the server goes away under them.
    const created: string[] = [];
    const refused: number[] = [];
    let stopping = false;
    const clients = Array.from({ length: 4 }, async (_, c) => {
      for (let i = 0; ; i++) {
        try {
          const res = await fetch(`${server.url}/api/v2/job/create-address`, {
            method: 'POST',
            headers: owner,
            body: multipart(addressFields({ first_name: `Client${c}`, last_name: `Job${i}` })),
          });
          if (res.status === 201) created.push(((await res.json()) as { id: string }).id);
          else refused.push(res.status);
        } catch {
          if (stopping) return; // the server has closed its port
          throw new Error('connection lost before the server was told to stop');
        }
        if (stopping && created.length > 0) return;
      }
    });
    const t0 = Date.now();
    while (created.length < 20 && Date.now() - t0 < 60_000)
      await new Promise((r) => setTimeout(r, 20));
    stopping = true;
    const exit = server.stop('SIGTERM');
    await Promise.all(clients);
    expect(await exit, server.log()).toBe(0);
    expect(server.log()).not.toMatch(/shutdown failed/);
    // While closing, the server may refuse new work (503), never fail it half-way (500).
    expect(refused.filter((s) => s !== 503)).toEqual([]);

    await folder.withDb(async (db) => {
      const r = await db.query<{ id: string }>('SELECT id FROM jobs');
      const kept = new Set(r.rows.map((j) => j.id));
      expect(created.filter((id) => !kept.has(id))).toEqual([]);
      expect(created.length).toBeGreaterThanOrEqual(20);
      expect(await ledgerInvariants(db)).toMatchObject({ mismatched: [], unbalanced: [] });
    });

    // And the server starts again on it.
    const again = await folder.start();
    expect(await again.stop()).toBe(0);
  });
});
