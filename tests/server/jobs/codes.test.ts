import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { createJobsRepository } from '../../../server/repositories/jobs';
import { createUser, freshDb } from '../helpers';

describe('job codes', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db.close());

  it('keep all seven digits from the millionth job on, and are found by their code', async () => {
    const { account } = await createUser(db, { role: 'company' });
    const jobs = createJobsRepository(db);
    await db.query(`SELECT setval('job_code_seq', 99999)`);
    const job = (subject_name: string) => ({
      type: 'address' as const,
      company_id: account.company_id!,
      created_by: account.id,
      state: 'lagos',
      lga: 'Ikeja',
      subject_name,
      fields: {},
    });
    await jobs.insert(job('Hundred Thousand'));
    await db.query(`SELECT setval('job_code_seq', 999998)`);
    await jobs.insert(job('Almost a Million'));
    await jobs.insert(job('The Millionth'));
    const codes = await db.query<{ code: string; subject_name: string }>(
      'SELECT code, subject_name FROM jobs ORDER BY subject_name',
    );
    expect(codes.rows).toEqual([
      { code: 'JOB-999999', subject_name: 'Almost a Million' },
      { code: 'JOB-100000', subject_name: 'Hundred Thousand' },
      { code: 'JOB-1000000', subject_name: 'The Millionth' },
    ]);
    const scope = { kind: 'company' as const, companyId: account.company_id! };
    const found = await jobs.list(scope, { q: '1000000' }, { field: 'code', order: 'ASC' }, 0, 5);
    expect(found.map((j) => j.subject_name)).toEqual(['The Millionth']);
  });
});
