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
