import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources } from '../architecture/sources';

// The audit log has one writer per kind of work: the hook (plugins/app/audit.ts) for requests,
// through the repository's `record`; services (and the demo's seed) call `record` for work done
// off a request. Nothing else writes the table, by SQL or by calling `record`.
const sources = readSources('server');

const writesSql = (text: string) => /INSERT\s+INTO\s+audit_log\b/i.test(text);
const callsRecord = (text: string) =>
  /\baudit\s*\.\s*record\s*\(/.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''));

const mayCallRecord = (file: string) =>
  file === join('server', 'plugins', 'app', 'audit.ts') ||
  file.startsWith(join('server', 'services') + sep) ||
  file.startsWith(join('server', 'seed') + sep);

describe('the audit log: one writer', () => {
  it('only the audit repository has SQL that inserts into audit_log', () => {
    const writers = sources.filter(({ text }) => writesSql(text)).map(({ file }) => file);
    expect(writers).toEqual([join('server', 'repositories', 'audit.ts')]);
  });

  it('only the hook, services (work off a request) and the seed call audit.record', () => {
    const callers = sources.filter(({ text }) => callsRecord(text)).map(({ file }) => file);
    // The hook is one of them: the scan sees the calls it counts.
    expect(callers).toContain(join('server', 'plugins', 'app', 'audit.ts'));
    expect(callers.filter((file) => !mayCallRecord(file))).toEqual([]);
  });

  it('the scan sees the writes it guards (it is not vacuous)', () => {
    expect(writesSql('`INSERT INTO audit_log (action) VALUES ($1)`')).toBe(true);
    expect(writesSql('`insert  into   audit_log(action)`')).toBe(true);
    expect(writesSql('`SELECT * FROM audit_log`')).toBe(false);
    expect(callsRecord('await app.repos.audit.record({ action })')).toBe(true);
    expect(callsRecord('await repos.audit\n  .record(entry, tx)')).toBe(true);
    expect(callsRecord('// app.repos.audit.record(x) in a comment')).toBe(false);
    expect(mayCallRecord(join('server', 'routes', 'jobs', 'create.ts'))).toBe(false);
    expect(mayCallRecord(join('server', 'services', 'jobCreation.ts'))).toBe(true);
  });
});
