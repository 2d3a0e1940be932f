import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each fact both sides (or many modules) rely on is written once, in its home module, and
// imported everywhere else: a copy drifts (the phone rule's two builds disagreed on 52 of 1,000
// numbers). Each test scans the code for the tell-tale text of a copy and names the file.
const codeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === 'migrations'
        ? []
        : codeFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
const sources = ['server', 'src', 'reference']
  .flatMap(codeFiles)
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n') }));

/** `file:line` of each line matching `pattern`. */
const linesMatching = (pattern: RegExp, files = sources) =>
  files.flatMap(({ file, lines }) =>
    lines.flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])),
  );

/**
 * The fact's copies: lines matching `pattern` outside its home modules. The home must match
 * (the pattern sees the fact where it lives, so an empty answer is not vacuous).
 */
function copiesOf(pattern: RegExp, homes: string[]) {
  const home = sources.filter(({ file }) => homes.includes(file));
  expect(home.map(({ file }) => file).sort(), 'home modules exist').toEqual([...homes].sort());
  expect(linesMatching(pattern, home), 'the pattern finds the fact at home').not.toEqual([]);
  return linesMatching(
    pattern,
    sources.filter(({ file }) => !homes.includes(file)),
  );
}

const ref = (name: string) => join('reference', name);
const srv = (...path: string[]) => join('server', ...path);

describe('facts once: a copy of a shared fact outside its home fails', () => {
  it('LIKE escaping: only containsPattern escapes % _ and \\ (server/repositories/sqlWhere.ts)', () => {
    // A replace whose character class holds both % and _: the escape written again.
    const escape = /replace(All)?\(\s*\/\[(?=[^\]]*%)(?=[^\]]*_)[^\]]*\]/;
    expect(copiesOf(escape, [srv('repositories', 'sqlWhere.ts')])).toEqual([]);
  });

  it('the phone rule: only reference/phone.ts imports libphonenumber-js (any build)', () => {
    expect(copiesOf(/['"]libphonenumber-js(\/\w+)?['"]/, [ref('phone.ts')])).toEqual([]);
  });

  it('open job statuses: only reference/jobStatuses.ts lists assigned and accepted together', () => {
    const open = /'assigned'\s*(,|\||&&|\|\|)[^;]*'accepted'/;
    expect(copiesOf(open, [ref('jobStatuses.ts')])).toEqual([]);
  });

  it('Lagos time: only reference/lagosTime.ts writes the UTC+1 offset or the zone name', () => {
    const offset =
      /\+01:?00|Africa\/Lagos|[+-]\s*3_?600_?000\b|[+-]\s*60 \* 60 \* 1000|interval '1 hour'/i;
    expect(copiesOf(offset, [ref('lagosTime.ts')])).toEqual([]);
  });
});
