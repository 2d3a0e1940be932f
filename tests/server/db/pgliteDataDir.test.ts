import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDb } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';
import { createLocalStorage } from '../../../server/services/storage/local';

// PGlite on disk: what `npm start` uses by default.
// Embedded database only: the folder is opened explicitly, whatever DATABASE_URL says.
// Each test runs initdb or opens a folder on disk: 10 s alone here, past 30 s beside other suites.
describe('PGlite in a data folder', { timeout: 90_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its data across a stop and a restart', async () => {
    const first = await openDb({ dataDir }, 'the tests');
    expect(first.kind).toBe('pglite');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    expect((await migrate(first)).length).toBeGreaterThan(0);
    await first.transaction(async (tx) => {
      await tx.query(`INSERT INTO companies (name) VALUES ('Kept Across Restarts Ltd')`);
    });
    await first.query(`INSERT INTO companies (name) VALUES ('Written Outside A Transaction')`);
    await first.close();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const second = await openDb({ dataDir }, 'the tests again');
    try {
      expect(await migrate(second)).toEqual([]);
      const r = await second.query<{ name: string }>('SELECT name FROM companies ORDER BY name');
      expect(r.rows.map((row) => row.name)).toEqual([
        'Kept Across Restarts Ltd',
        'Written Outside A Transaction',
      ]);
    } finally {
      await second.close();
    }
  });
});

describe('security: the data folder is readable by its owner only', { timeout: 90_000 }, () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'private-data-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Every path under `dir` whose mode gives anything to group or others. */
  function openToOthers(dir: string): string[] {
    const found: string[] = [];
    const visit = (p: string) => {
      const st = statSync(p);
      if (st.mode & 0o077) found.push(`${(st.mode & 0o777).toString(8)} ${p}`);
      if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    };
    visit(dir);
    return found;
  }

  it('creates a new DATA_DIR 0700 and the PGlite files 0600 (they come out 0666)', async () => {
    const dataDir = path.join(root, 'new');
    const db = await openDb({ dataDir }, 'the tests');
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('closes an existing world-readable DATA_DIR when it opens it', async () => {
    const dataDir = path.join(root, 'old');
    await (await openDb({ dataDir }, 'the tests')).close();
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 0o666);
    const db = await openDb({ dataDir }, 'the tests');
    await db.close();
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('writes the generated JWT secret 0600 in a 0700 folder', () => {
    const dataDir = path.join(root, 'secret');
    loadConfig({ DATA_DIR: dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('stores uploaded files 0600 in 0700 folders', async () => {
    const files = path.join(root, 'store', 'files');
    const storage = createLocalStorage(files);
    await storage.check();
    await storage.put(Buffer.from('photo'), 'jobs/1', '.jpg');
    expect(openToOthers(path.join(root, 'store'))).toEqual([]);
  });
});
