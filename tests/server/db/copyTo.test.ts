import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db';
import { inlineParameters, sqlLiteral } from '../../../server/db/prepared';
import { openPgliteInWorker } from '../../../server/db/pgliteWorker';
import { freshDb } from '../helpers';

/** Texts an attacker would put in a filter, which COPY receives as literals. */
const hostile = [
  "'); DELETE FROM copy_probe; --",
  "O'Brien",
  "''",
  '\\',
  "\\'; DROP TABLE copy_probe; --",
  "E'\\x27'",
  '$1 $$ x $$ $2',
  'Ikeja\n\r\t',
  'ＡＢＣ ₦ 🇳🇬',
  '"quoted", comma',
];

describe('sqlLiteral and inlineParameters', () => {
  it('writes null, numbers, arrays and instants in their text form', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(25)).toBe("'25'");
    expect(sqlLiteral(new Date('2026-03-01T10:00:00.123Z'))).toBe("'2026-03-01T10:00:00.123Z'");
    expect(sqlLiteral(["a'b", 'c'])).toBe(`'{"a''b","c"}'`);
    expect(sqlLiteral('back\\slash')).toBe("E'back\\\\slash'");
  });

  it('replaces $10 as itself, not as $1 followed by 0, and never reads a value as SQL', () => {
    const params = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inlineParameters('SELECT $1, $10', params)).toBe("SELECT 'v1', 'v10'");
    expect(inlineParameters('SELECT $1, $2', ['$2', 'x'])).toBe("SELECT '$2', 'x'");
    expect(() => inlineParameters('SELECT $2', ['x'])).toThrow('No value for parameter $2');
    expect(() => sqlLiteral('a\0b')).toThrow('NUL');
  });
});

function copyToOn(name: string, open: () => Promise<{ db: Db; done: () => Promise<void> }>) {
  describe(`copyTo (COPY … TO as CSV) on ${name}`, () => {
    let db: Db;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ db, done } = await open());
      await db.exec('CREATE TABLE copy_probe (n integer NOT NULL, label text)');
      await db.query(`INSERT INTO copy_probe SELECT i, 'row ' || i FROM generate_series(1, 3) i`);
    });
    afterAll(() => done());

    it('writes the rows as COPY does: quoted only where needed, NULL as an empty cell', async () => {
      const csv = await db.copyTo(
        `SELECT n, label, NULL::text AS nothing, '' AS empty, 'a,"b"' AS quoted
           FROM copy_probe WHERE n <= $1 ORDER BY n`,
        [2],
      );
      expect(csv.toString()).toBe('1,row 1,,"","a,""b"""\n2,row 2,,"","a,""b"""\n');
      expect(await db.copyTo('SELECT n FROM copy_probe WHERE n > $1', [99])).toHaveLength(0);
    });

    it('security: matches hostile parameters as the text they are, on the pool and in a transaction', async () => {
      for (const text of hostile) {
        const select = 'SELECT $1::text AS echo, count(*) FROM copy_probe WHERE label = $1';
        const csv = (await db.copyTo(select, [text])).toString();
        const viaParameter = await db.query<{ echo: string }>('SELECT $1::text AS echo', [text]);
        expect(viaParameter.rows[0]!.echo).toBe(text);
        // COPY quotes the echo when it needs quoting: read back, it is the text sent.
        const echoed = csv.startsWith('"')
          ? csv.slice(1, csv.lastIndexOf('"')).replace(/""/g, '"')
          : csv.slice(0, csv.lastIndexOf(','));
        expect(echoed).toBe(text);
        expect(csv.endsWith(',0\n')).toBe(true);
      }
      await db.transaction(async (tx) => {
        expect((await tx.copyTo('SELECT $1::text', [hostile[0]])).toString()).toBe(
          `${hostile[0]}\n`,
        );
      });
      const left = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_probe');
      expect(left.rows[0]!.n).toBe(3);
    });

    it('refuses a statement that is not a query, with the database error', async () => {
      await expect(db.copyTo('DELETE FROM copy_probe', [])).rejects.toThrow();
      const left = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM copy_probe');
      expect(left.rows[0]!.n).toBe(3);
    });
  });
}

copyToOn('the test database', async () => {
  const db = await freshDb();
  return { db, done: () => db.close() };
});

// The embedded database on its own thread, as `npm start` runs it: PGlite whatever DATABASE_URL says.
copyToOn('PGlite on its own thread', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'copy-to-'));
  const db = await openPgliteInWorker(path.join(dir, 'pglite'));
  return {
    db,
    done: async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
