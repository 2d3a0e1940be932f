import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessRules, permissionLabels } from '../../../reference/permissions';
import { permissionsMarkdown } from '../../../scripts/permissionsTable';

describe("the README's permission table", () => {
  const lines = permissionsMarkdown().split('\n');
  const rowOf = (first: string) => lines.find((l) => l.startsWith(`| ${first} |`));

  it('has one row per label, listing the access keys that label opens', () => {
    for (const label of permissionLabels) expect(rowOf(label), label).toBeDefined();
    for (const [key, rule] of Object.entries(accessRules)) {
      const labels: string[] = rule.permission === null ? [] : [rule.permission].flat();
      const rows = labels.length ? labels.map(rowOf) : [rowOf('(none: every account of the area)')];
      for (const row of rows) expect(row, key).toContain(`\`${key}\``);
    }
    expect(rowOf('Create Job')).toContain(
      '`jobs.assign_to_agent` (admin area only, super-admins only)',
    );
    expect(rowOf('View Job History')).not.toContain('`jobs.create`');
  });

  it('says which labels no module uses yet', () => {
    expect(rowOf('Insights')).toContain('no module uses it yet');
    expect(rowOf('View Dashboard')).toContain('the dashboard and its job counts');
  });

  it('names the web screens each key guards', () => {
    expect(rowOf('`jobs.create`')).toContain('jobs.create, jobs.bulk_create');
    expect(rowOf('`tat.write`')).toMatch(/\| admin \| heads only \|/);
  });

  it("is the one in README's Permissions section, cell for cell", () => {
    // Prettier pads the README's cells and its separator rows; compare what the cells say.
    const cells = (line: string) =>
      line.startsWith('| -')
        ? '---'
        : line
            .split('|')
            .map((cell) => cell.trim())
            .join('|');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('### Permissions'));
    const tables = section.slice(0, section.indexOf('\n### ')).split('\n');
    const readmeRows = tables.filter((line) => line.startsWith('|')).map(cells);
    expect(readmeRows).toEqual(lines.filter((line) => line.startsWith('|')).map(cells));
  });
});
