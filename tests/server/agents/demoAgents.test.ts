import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLga, findState } from '../../../reference/locations';
import { isValidNuban } from '../../../reference/nuban';
import type { Db } from '../../../server/db';
import { createAgentApplicationsRepository } from '../../../server/repositories/agentApplications';
import { seedAgents } from '../../../server/seed/demoAgents';
import { createLocalStorage } from '../../../server/services/storage';
import { freshDb } from '../helpers';

let db: Db;
const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'demo-agents-')));
let ids: string[];

beforeAll(async () => {
  db = await freshDb();
  const ctx = { storage, agentIds: [] as string[] };
  ids = await db.transaction((tx) => seedAgents(tx, ctx));
  expect(ctx.agentIds).toEqual(ids);
});
afterAll(() => db.close());

describe('demo agents', () => {
  it('makes 10 approved, active agents across states, 4 pending applications, a duplicate and 1 rejected', async () => {
    expect(ids).toHaveLength(10);
    const accounts = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts WHERE id = ANY($1::uuid[]) AND role = 'agent' AND status = 1`,
      [ids],
    );
    expect(accounts.rows[0]!.n).toBe(10);
    const byStatus = await db.query<{ status: string; n: number; states: number }>(
      `SELECT status, count(*)::int AS n, count(DISTINCT state)::int AS states
         FROM agent_applications GROUP BY status ORDER BY status`,
    );
    expect(byStatus.rows.map((r) => [r.status, r.n])).toEqual([
      ['approved', 10],
      ['pending', 5],
      ['rejected', 1],
    ]);
    expect(byStatus.rows[0]!.states).toBeGreaterThanOrEqual(8);
    const duplicates = await createAgentApplicationsRepository(db).list(
      { status: 'pending' },
      { field: 'created_at', order: 'ASC' },
      0,
      10,
    );
    expect(duplicates.filter((a) => a.duplicates.length).map((a) => a.duplicates)).toEqual([
      ['phone', 'nin'],
    ]);
  });

  it('gives each a valid state, LGAs of that state, a NIN, a valid NUBAN and a stored photo', async () => {
    const rows = await db.query<{
      state: string;
      lgas: string[];
      nin: string;
      bank_code: string;
      account_number: string;
      photo_key: string;
    }>('SELECT state, lgas, nin, bank_code, account_number, photo_key FROM agent_applications');
    for (const r of rows.rows) {
      expect(findState(r.state)?.alias).toBe(r.state);
      for (const l of r.lgas) expect(findLga(r.state, l), `${r.state}/${l}`).toBe(l);
      expect(r.nin).toMatch(/^\d{11}$/);
      expect(isValidNuban(r.bank_code, r.account_number)).toBe(true);
      expect((await storage.get(r.photo_key)).subarray(0, 3)).toEqual(
        Buffer.from([0xff, 0xd8, 0xff]),
      );
    }
  });
});
