import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources } from '../architecture/sources';

// Creating jobs (price, insert, charge) and assigning them are one service each, called by the
// routes, the bulk import and the demo alike: the place where webhooks, audit and notifications
// hook in. A copy of either elsewhere in the server would skip them.
const sources = readSources('server');

/** The files whose text matches, once each. */
const filesMatching = (pattern: RegExp) =>
  sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);

/** SQL that adds rows to the jobs table: an INSERT or a COPY into it. */
const insertsJobs = /INSERT\s+INTO\s+jobs\b(?!_)|copyFrom\(\s*['"]jobs['"]/i;
/** A call of the jobs repository's insert methods. */
const callsJobsInsert = /\bjobs\.insert\(|\.insertMany\(|\.insertStaged\(/;
/** A call (not the definition) of the pricing and charging of new jobs. */
const callsCharge = /(?<!function )\b(?:priceNewJobs|chargeNewJobs)\(/;
/** A call of the repository method that sets a job's assignee. */
const callsSetAssignee = /\.setAssignee\(/;

const creation = join('server', 'services', 'jobCreation.ts');
const assignment = join('server', 'services', 'jobAssignment.ts');

describe('job use cases: one service creates jobs, one assigns them', () => {
  it('only the jobs repository has SQL that adds rows to jobs', () => {
    expect(filesMatching(insertsJobs)).toEqual([join('server', 'repositories', 'jobsWrites.ts')]);
  });

  it('only services/jobCreation calls the insert methods of the jobs repository', () => {
    expect(filesMatching(callsJobsInsert)).toEqual([creation]);
  });

  it('only services/jobCreation prices and charges new jobs', () => {
    expect(filesMatching(callsCharge)).toEqual([creation]);
  });

  it("only services/jobAssignment calls the repository's setAssignee", () => {
    expect(filesMatching(callsSetAssignee)).toEqual([assignment]);
  });

  it('the scan sees the calls it guards (it is not vacuous)', () => {
    expect(insertsJobs.test('`INSERT INTO jobs (type, company_id) VALUES ($1, $2)`')).toBe(true);
    expect(insertsJobs.test("await q.copyFrom('jobs', bulkColumns, csv)")).toBe(true);
    expect(insertsJobs.test('`INSERT INTO job_events (job_id) VALUES ($1)`')).toBe(false);
    expect(insertsJobs.test('`INSERT INTO jobs_archive (id) VALUES ($1)`')).toBe(false);
    expect(callsJobsInsert.test('const id = await jobs.insert(job, tx);')).toBe(true);
    expect(callsJobsInsert.test('await app.repos.jobs.insertMany(rows, actor, tx);')).toBe(true);
    expect(callsJobsInsert.test('await deps.jobs.insertStaged(part, actor, importId)')).toBe(true);
    expect(callsJobsInsert.test('await deps.payouts.insert(payee, balance, actorId, tx);')).toBe(
      false,
    );
    expect(callsCharge.test('await chargeNewJobs(deps, companyId, jobs, actor, tx);')).toBe(true);
    expect(callsCharge.test('const [p] = await priceNewJobs(deps, c, kind, states, tx);')).toBe(
      true,
    );
    expect(callsCharge.test('export async function chargeNewJobs(')).toBe(false);
    expect(callsSetAssignee.test('await jobs.setAssignee(ids, assignee, tx);')).toBe(true);
  });
});
