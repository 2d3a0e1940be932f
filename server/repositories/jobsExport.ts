import { setImmediate } from 'node:timers/promises';
import type { Queryable } from '../db';
import { jobKindLabels } from '../../reference/jobKinds';
import { lagosOffsetSql } from '../../reference/lagosTime';
import { koboPerNaira } from '../../reference/money';
import { copyPageCursor, copyPageLines, copyPageShort } from '../services/csv';
import { Where } from './sqlWhere';
import {
  assigneeNameSql,
  fieldsSql,
  filterWhere,
  jobJoins,
  type JobListFilter,
  type JobScope,
  type JobSort,
  orderBy,
  overdueSql,
  scopeWhere,
  sortKey,
  subjectSql,
} from './jobsView';

/** The jobs list as CSV, written by the database with COPY in pages. */

/**
 * A free-text cell for COPY's CSV: empty is NULL, which COPY writes as an empty cell, as `csvCell`
 * does (an empty text it writes as `""`). Formulas are escaped on Node's side (`copyPageLines`).
 */
const csvTextSql = (value: string) => `nullif(${value}, '')`;

/** An instant as `csvCell` writes it: Lagos time to the nearest second, which spreadsheets read as a date. */
const csvTimeSql = (v: string) => `(${v} AT TIME ZONE ${lagosOffsetSql})::timestamp(0)`;

/** Kobo as the API's NGN number (`koboToNgn`: 1500, 1234.5). */
const csvNgnSql = (v: string) => `trim_scale(${v}::numeric / ${koboPerNaira})`;

const kindLabelSql = `CASE j.type ${Object.entries(jobKindLabels)
  .map(([kind, label]) => `WHEN '${kind}' THEN '${label}'`)
  .join(' ')} END`;

/** The export's columns, in order: name, the cell's SQL as `scope` may read it, and whether it is free text. */
function csvColumns(w: Where, scope: JobScope): [string, string, boolean?][] {
  return [
    ['code', 'j.code'],
    ['type', kindLabelSql],
    ['status', 'j.status'],
    ['company_name', 'c.name', true],
    ['subject_name', subjectSql(w, scope), true],
    ['state', 'j.state', true],
    ['lga', 'j.lga', true],
    ['assignee_type', 'j.assignee_type'],
    ['assignee_name', assigneeNameSql, true],
    ['assigned_at', csvTimeSql('j.assigned_at')],
    ['due_at', csvTimeSql('j.due_at')],
    ['overdue', `CASE WHEN ${overdueSql} THEN 'yes' ELSE 'no' END`],
    ['price', csvNgnSql('j.price_kobo')],
    ['fee', csvNgnSql('j.fee_kobo')],
    ['rating', 'j.rating'],
    ['created_at', csvTimeSql('j.created_at')],
    ['updated_at', csvTimeSql('j.updated_at')],
  ];
}

/** The export's header cells: its columns, then the kind's fields asked for. */
export const jobCsvHeader = (kindFields: readonly string[]) => [
  ...csvColumns(new Where(), { kind: 'all' }).map(([name]) => name),
  ...kindFields,
];

/**
 * The cells of the job `j` for COPY, the kind's fields after the columns (see `jobCsvHeader`),
 * then its code again: the page's cursor, which `copyPageLines` drops.
 */
function csvCellsSql(w: Where, scope: JobScope, kindFields: readonly string[]) {
  const columns = csvColumns(w, scope);
  if (kindFields.length) {
    const fields = fieldsSql(w, scope);
    for (const f of kindFields) columns.push([f, `(${fields}) ->> ${w.param(f)}::text`, true]);
  }
  return [...columns.map(([, sql, text]) => (text ? csvTextSql(sql) : sql)), 'j.code'].join(', ');
}

export function jobsExportQueries(db: Queryable) {
  return {
    /**
     * Every matching job as CSV lines (see `jobCsvHeader`), in pages of `batch` rows that the
     * database writes with COPY. The next page is asked for as soon as one arrives, before Node
     * converts and sends it, and no further ahead. Sorted by creation (the usual order) it pages
     * by keyset, after the last row's code, until a page comes back short; otherwise the ids in the requested order come first,
     * then the rows by primary key. Either way the cost is linear in the rows, and no connection
     * is held between pages.
     */
    async *csvChunks(
      scope: JobScope,
      filter: JobListFilter,
      sort: JobSort,
      kindFields: readonly string[],
      batch = 10_000,
    ) {
      const none = Promise.resolve(Buffer.alloc(0));
      /** The page after `last` (the first without it). */
      let pageAfter: (last?: Buffer) => Promise<Buffer>;
      if (sort.field === 'id' || sort.field === 'created_at') {
        const cmp = sort.order === 'ASC' ? '>' : '<';
        pageAfter = (last) => {
          if (last && copyPageShort(last, batch)) return none;
          const w = new Where();
          scopeWhere(w, scope);
          filterWhere(w, filter, scope);
          if (last) {
            // The cursor's time is read in SQL: a JS Date would drop its microseconds.
            const code = w.param(copyPageCursor(last));
            const at = (column: string) =>
              `(SELECT cur.${column} FROM jobs cur WHERE cur.code = ${code})`;
            w.add(`(j.created_at, j.id) ${cmp} (${at('created_at')}, ${at('id')})`);
          }
          const order = orderBy(sortKey(sort, w, scope), sort);
          const cells = csvCellsSql(w, scope, kindFields);
          return db.copyTo(
            `SELECT ${cells} FROM jobs j ${jobJoins} ${w.sql} ${order} LIMIT ${w.param(batch)}`,
            w.params,
          );
        };
      } else {
        const w = new Where();
        scopeWhere(w, scope);
        filterWhere(w, filter, scope);
        const ids = (
          await db.query<{ id: string }>(
            `SELECT j.id FROM jobs j ${w.sql} ${orderBy(sortKey(sort, w, scope), sort)}`,
            w.params,
          )
        ).rows.map((r) => r.id);
        let from = 0;
        pageAfter = () => {
          if (from >= ids.length) return none;
          const byIds = new Where([ids.slice(from, from + batch)]);
          from += batch;
          const cells = csvCellsSql(byIds, scope, kindFields);
          const select = `SELECT ${cells} FROM jobs j ${jobJoins}
             JOIN unnest($1::uuid[]) WITH ORDINALITY AS o (id, n) ON o.id = j.id
            ORDER BY o.n`;
          return db.copyTo(select, byIds.params);
        };
      }
      let pending = pageAfter();
      for (;;) {
        const page = await pending;
        if (!page.length) return;
        pending = pageAfter(page);
        // A client that leaves mid-export ends this generator: the page it never awaits may fail.
        pending.catch(() => undefined);
        // One turn of the event loop lets the driver send that request (a pool hands out its
        // connection on the next tick) before this thread spends a few ms converting the page.
        await setImmediate();
        yield copyPageLines(page);
      }
    },
  };
}
