/** What `Queryable.queryPrepared` shares between PGlite and PostgreSQL. */

/** Distinct statement texts kept prepared per connection; later ones run unprepared. */
export const maxPreparedStatements = 200;

/**
 * A parameter in PostgreSQL's text format (the server infers each parameter's type from the
 * statement): arrays as array literals, times as ISO instants.
 */
export function parameterText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) {
    const items = v.map((item) => {
      const text = parameterText(item);
      return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, (m) => `\\${m}`)}"`;
    });
    return `{${items.join(',')}}`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * A statement prepared before its table changed shape (a migration added a column to a `*`):
 * PostgreSQL refuses to run it again ("cached plan must not change result type").
 */
export const isStalePlan = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '0A000';

/**
 * A value as an SQL literal, for the statements that cannot take parameters (COPY): its text
 * format (`parameterText`) quoted, untyped like a parameter, so the statement infers its type the
 * same way. Backslashes are doubled in an E'' string, so the literal reads the same whatever
 * `standard_conforming_strings` says.
 */
export function sqlLiteral(v: unknown): string {
  const text = parameterText(v);
  if (text === null) return 'NULL';
  if (text.includes('\0')) throw new Error('A NUL character cannot be part of an SQL literal');
  const quoted = `'${text.replace(/'/g, "''")}'`;
  return text.includes('\\') ? `E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}

/** The statement with its parameters `$1`, `$2`, … written in as literals (`sqlLiteral`). */
export function inlineParameters(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (ref, n: string) => {
    const i = Number(n) - 1;
    if (i >= params.length) throw new Error(`No value for parameter ${ref}`);
    return sqlLiteral(params[i]);
  });
}

/** The COPY statement writing `select`'s rows as CSV (no header), parameters written in. */
export const copyToSql = (select: string, params: readonly unknown[], target: string) =>
  `COPY (${inlineParameters(select, params)}) TO ${target} WITH (FORMAT csv)`;
