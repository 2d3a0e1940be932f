import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../server/db';
import { migrate } from '../../../server/db/migrate';

// PGlite on disk: what `npm start` uses by default. It runs in the PostgreSQL pass too: the
// folder is opened explicitly, whatever DATABASE_URL says.
describe('PGlite in a data folder', () => {
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
