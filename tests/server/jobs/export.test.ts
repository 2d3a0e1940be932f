import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createJobsRepository } from '../../../server/repositories/jobs';
import { createUser, freshDb } from '../helpers';

describe('listAll (the CSV export’s reader)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db.close());

  it('reads every job once, page after page, also when a whole import shares one timestamp', async () => {
    const { account } = await createUser(db, { role: 'company' });
    const jobs = createJobsRepository(db);
    const job = (i: number) => ({
      type: 'address' as const,
      company_id: account.company_id!,
      created_by: account.id,
      state: 'lagos',
      lga: 'Ikeja',
      subject_name: `Person ${i}`,
      fields: {},
    });
    // Two imports: inside each transaction now() is one instant, with microseconds.
    await db.transaction((tx) => jobs.insertMany([0, 1, 2, 3, 4].map(job), account.id, tx));
    await db.transaction((tx) => jobs.insertMany([5, 6, 7, 8, 9, 10, 11].map(job), account.id, tx));
    const scope = { kind: 'company' as const, companyId: account.company_id! };
    for (const order of ['DESC', 'ASC'] as const) {
      const seen: string[] = [];
      for await (const rows of jobs.listAll(scope, {}, { field: 'created_at', order }, 3)) {
        seen.push(...rows.map((r) => r.subject_name));
      }
      expect(seen).toHaveLength(12);
      expect(new Set(seen).size).toBe(12);
    }
  });
});
