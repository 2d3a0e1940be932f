import type { Queryable } from '../server/db';

/**
 * The floor the import benches compare with: `rows` written into `table` by plain multi-row
 * INSERTs, as many rows a statement as its parameters allow.
 */
export async function insertPlainRows(
  tx: Queryable,
  table: string,
  columns: string[],
  rows: unknown[][],
) {
  const perStatement = Math.floor(60000 / columns.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement);
    const values = batch.map(
      (_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    );
    await tx.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`,
      batch.flat(),
    );
  }
}
