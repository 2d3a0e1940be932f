import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobKinds } from '../../../reference/jobKinds';
import { jobStatuses, openJobStatuses } from '../../../reference/jobStatuses';
import { roles } from '../../../reference/permissions';
import { photoKinds } from '../../../reference/photoKinds';
import type { Db } from '../../../server/db';
import { freshDb } from '../helpers';
import { codeExtensions, readSources } from './sources';

// Each fact both sides (or many modules) rely on is written once, in its home module, and
// imported everywhere else: a copy drifts (the phone rule's two builds disagreed on 52 of 1,000
// numbers). Each test scans the code for the tell-tale text of a copy and names the file.
const sources = readSources(['server', 'src', 'reference'], codeExtensions);

/** `file:line` of each match of `pattern` (which may span lines). */
const matchesIn = (pattern: RegExp, files = sources) => {
  const all = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g');
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(all)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`),
  );
};

/**
 * The fact's copies: matches of `pattern` outside its home modules. The home must match (the
 * pattern sees the fact where it lives, so an empty answer is not vacuous).
 */
function copiesOf(pattern: RegExp, homes: string[]) {
  const home = sources.filter(({ file }) => homes.includes(file));
  expect(home.map(({ file }) => file).sort(), 'home modules exist').toEqual([...homes].sort());
  expect(matchesIn(pattern, home), 'the pattern finds the fact at home').not.toEqual([]);
  return matchesIn(
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
    const open = /'assigned'\s*(,|\||&&|\|\|)[^;\n]*'accepted'/;
    expect(copiesOf(open, [ref('jobStatuses.ts')])).toEqual([]);
  });

  it('Lagos time: only reference/lagosTime.ts writes the UTC+1 offset or the zone name', () => {
    const offset =
      /\+01:?00|Africa\/Lagos|[+-]\s*3_?600_?000\b|[+-]\s*60 \* 60 \* 1000|interval '1 hour'/i;
    expect(copiesOf(offset, [ref('lagosTime.ts')])).toEqual([]);
  });

  it('kobo and naira: only reference/money.ts converts (100 kobo a naira)', () => {
    // (An upload's progress is a percentage, not money.)
    const hundred = /(?<!progress[^\n]*)[*/]\s*100(\.0)?\b|\bkoboPerNaira\s*=\s*100\b/;
    expect(copiesOf(hundred, [ref('money.ts')])).toEqual([]);
  });

  it('naira display: only reference/money.ts writes the ₦ or NGN format', () => {
    const display = /₦\$\{|currency:\s*'NGN'|NGN \$\{|toLocaleString\('en-NG'/;
    expect(copiesOf(display, [ref('money.ts')])).toEqual([]);
  });

  it('the email rule: only reference/email.ts holds an email pattern (not react-admin email())', () => {
    const email = /\[\^\\s@\]|\bemail\(\)|@\(\?:\[a-z0-9\]/;
    expect(copiesOf(email, [ref('email.ts')])).toEqual([]);
  });

  it('NIN (and BVN): only reference/nin.ts writes the 11 digits', () => {
    expect(copiesOf(/\\d\{11\}/, [ref('nin.ts')])).toEqual([]);
  });

  it('the account number: only reference/nuban.ts writes the 10 digits', () => {
    expect(copiesOf(/\\d\{10\}/, [ref('nuban.ts')])).toEqual([]);
  });

  it('photo kinds: only reference/photoKinds.ts lists selfie, house and utility_bill', () => {
    const photos = /'selfie'\s*(,|\|)\s*'house'/;
    expect(copiesOf(photos, [ref('photoKinds.ts')])).toEqual([]);
  });

  it('job kinds: only reference/jobKinds.ts types them out or labels them', () => {
    const kinds = /'address'\s*(,|\|)\s*'business_address'|business_address:\s*'Business Address'/;
    expect(copiesOf(kinds, [ref('jobKinds.ts')])).toEqual([]);
  });

  it('roles and areas: only reference/permissions.ts spells them out', () => {
    const rolesOrAreas =
      /type (Area|Role)\s*=\s*'|'admin'\s*\|\s*'company'|'admin',\s*'sub-admin',\s*'company'/;
    expect(copiesOf(rolesOrAreas, [ref('permissions.ts')])).toEqual([]);
  });

  it('job actions: only reference/jobStatuses.ts lists them', () => {
    const actions = /'assign'\s*(,|\|)\s*'accept'/;
    expect(copiesOf(actions, [ref('jobStatuses.ts')])).toEqual([]);
  });
});

// Migrations are never edited, so the lists SQL checks are compared with reference/ instead.
describe('facts once: the database checks the lists reference/ holds', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshDb();
  });
  afterAll(() => db.close());

  /** `table.column` → the values of each `CHECK (column IN (…))` on a text column. */
  async function checkedLists() {
    // This file's schema only: on PostgreSQL the other test files' schemas come and go meanwhile,
    // and describing a constraint whose table was just dropped fails ("could not open relation").
    const r = await db.query<{ tbl: string; def: string }>(
      `SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE contype = 'c' AND connamespace = current_schema()::regnamespace`,
    );
    const lists = new Map<string, string[]>();
    for (const { tbl, def } of r.rows) {
      const m = /^CHECK \(\(\(?(\w+)\)? = ANY \(\(?ARRAY\[(.*)\]\)/.exec(def);
      if (m)
        lists.set(
          `${tbl}.${m[1]}`,
          [...m[2]!.matchAll(/'([^']*)'/g)].map((v) => v[1]!),
        );
    }
    return lists;
  }

  it('job statuses, job kinds, photo kinds and roles', async () => {
    const lists = await checkedLists();
    const expected: Record<string, readonly string[]> = {
      'jobs.status': jobStatuses,
      'jobs.type': jobKinds,
      'tat_settings.job_type': jobKinds,
      'capture_photos.kind': photoKinds,
      'capture_uploads.kind': photoKinds,
      'accounts.role': roles,
    };
    for (const [column, values] of Object.entries(expected)) {
      expect(lists.get(column), column).toEqual([...values]);
    }
  });

  it("the open jobs' partial indexes hold the open statuses", async () => {
    const r = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'jobs' AND indexdef LIKE '%status%'`,
    );
    const partial = r.rows.filter((i) => /WHERE .*status/.test(i.indexdef));
    expect(partial.length).toBeGreaterThan(0);
    for (const { indexname, indexdef } of partial) {
      const list = /status = ANY \(ARRAY\[([^\]]*)\]/.exec(indexdef)?.[1] ?? '';
      const values = [...list.matchAll(/'([^']*)'/g)].map((v) => v[1]);
      expect(values, indexname).toEqual([...openJobStatuses]);
    }
  });
});
