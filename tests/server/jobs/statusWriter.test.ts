import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources } from '../architecture/sources';

// Every move must go through services/jobMoves (state machine check, event, side effects), so
// the SQL that writes a job's status may live in one repository method, called from one module.
const sources = readSources('server');

/** The `SET` list of each `UPDATE jobs` statement (up to FROM/WHERE/RETURNING or the string's end). */
function jobsUpdateSetLists(text: string) {
  return [
    ...text.matchAll(
      /UPDATE\s+jobs\b[^`]*?\bSET\b([^`]*?)(?=\bFROM\b|\bWHERE\b|\bRETURNING\b|`)/gi,
    ),
  ].map((m) => m[1]!);
}
const writesStatus = (setList: string) => /(^|[\s,])status\s*=/i.test(setList);

describe('job moves: one writer of job status', () => {
  it('only the jobs repository has SQL that sets jobs.status, in one statement', () => {
    const writers = sources.flatMap(({ file, text }) =>
      jobsUpdateSetLists(text)
        .filter(writesStatus)
        .map(() => file),
    );
    expect(writers).toEqual([join('server', 'repositories', 'jobsWrites.ts')]);
  });

  it('no INSERT INTO jobs names the status column (a new job starts pending by default)', () => {
    const inserts = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/INSERT\s+INTO\s+jobs\s*\(([^)]*)\)/gi)]
        .filter((m) => /\bstatus\b/i.test(m[1]!))
        .map(() => file),
    );
    expect(inserts).toEqual([]);
  });

  it("only services/jobMoves calls the repository's writeMoves", () => {
    const callers = sources
      .filter(({ text }) => /\.writeMoves\(/.test(text))
      .map(({ file }) => file);
    expect(callers).toEqual([join('server', 'services', 'jobMoves.ts')]);
  });

  it('the scan sees the statements it guards (it is not vacuous)', () => {
    expect(jobsUpdateSetLists('`UPDATE jobs j SET status = u.status, rating = 1 FROM x`')).toEqual([
      ' status = u.status, rating = 1 ',
    ]);
    expect(writesStatus(' assignee_type = $2, updated_at = now() ')).toBe(false);
    expect(writesStatus(` assigned_at = now(), status = 'assigned' `)).toBe(true);
  });
});
