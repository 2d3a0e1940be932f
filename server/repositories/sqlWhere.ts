/** Builds a WHERE clause with numbered parameters. */
export class Where {
  readonly parts: string[] = [];
  constructor(readonly params: unknown[] = []) {}
  param(v: unknown) {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  add(sql: string) {
    this.parts.push(sql);
  }
  get sql() {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/**
 * A condition a statement reports on beside its data (a session still as assumed, say): its SQL,
 * its values added to the statement's `params`.
 */
export type SqlCheck = (params: unknown[]) => string;

/** Constant strings as SQL literals for an `IN (…)` list: `'a', 'b'`. */
export const sqlStrings = (values: readonly string[]) =>
  values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');

/** An ILIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
