import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createAuditRepository } from '../../../server/repositories/audit';
import { freshDb } from '../helpers';

let db: Db;

beforeAll(async () => {
  db = await freshDb();
});
afterAll(() => db.close());

describe('the audit log in the database', () => {
  it('keeps what is recorded, with its time', async () => {
    await createAuditRepository(db).record({
      actorId: null,
      companyId: null,
      action: 'auth.login_failed',
      outcome: 401,
      ip: '203.0.113.9',
      requestId: 'req-1',
      detail: { email: 'a***@example.ng' },
    });
    const r = await db.query<{ action: string; outcome: number; ip: string; detail: unknown }>(
      'SELECT action, outcome, ip, detail FROM audit_log',
    );
    expect(r.rows).toEqual([
      {
        action: 'auth.login_failed',
        outcome: 401,
        ip: '203.0.113.9',
        detail: { email: 'a***@example.ng' },
      },
    ]);
  });

  it('refuses an action that is not <resource>.<verb>', async () => {
    await expect(
      createAuditRepository(db).record({
        actorId: null,
        companyId: null,
        action: 'login',
        outcome: 200,
      }),
    ).rejects.toThrow(/audit_log_action_check/);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const sql of [
      `UPDATE audit_log SET outcome = 200`,
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
    ]) {
      await expect(db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect((await db.query('SELECT 1 FROM audit_log')).rows).toHaveLength(1);
  });
});
