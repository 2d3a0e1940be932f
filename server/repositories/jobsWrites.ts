import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db';
import type { JobStatus } from '../services/jobStateMachine';
import type { JobKind } from '../../reference/jobKinds';
import { openJobStatuses } from '../../reference/jobStatuses';
import { overdueSql } from './jobsView';
import { sqlStrings } from './sqlWhere';

/** An open job found past its due time, with who is told (`markOverdue`). */
export interface OverdueJob {
  id: string;
  code: string;
  due_at: Date;
  company_id: string;
  owner_id: string | null;
  assignee_id: string | null;
  assigner_id: string | null;
}

/** What changes jobs: creation, moves under row locks, assignees; and the money of jobs. */

export interface NewJob {
  type: JobKind;
  company_id: string;
  created_by: string;
  state: string;
  lga: string;
  subject_name: string;
  fields: Record<string, string>;
  /** What the owner is charged for it (the Company price), when money is charged. */
  price_kobo?: number | null;
}

/**
 * A job's money: its price (set only when its owner was charged it) and its assignee's fee, what
 * a cancellation refunds and an approval credits.
 */
export interface JobMoney {
  id: string;
  company_id: string;
  price_kobo: number | null;
  fee_kobo: number | null;
  assignee_type: 'company' | 'agent' | null;
  assignee_company_id: string | null;
  assignee_agent_id: string | null;
}

/** What a transition needs to know of a job, read under a row lock. */
export interface LockedJob {
  id: string;
  code: string;
  type: JobKind;
  status: JobStatus;
  state: string;
  company_id: string;
  assignee_type: 'company' | 'agent' | null;
  assignee_company_id: string | null;
  assignee_agent_id: string | null;
}

/** Columns of a bulk insert, in the order of `insertMany`'s CSV. */
const bulkColumns = [
  'id',
  'type',
  'company_id',
  'created_by',
  'state',
  'lga',
  'subject_name',
  'fields',
  'price_kobo',
  'import_id',
] as const;

/** A text value quoted for COPY's CSV format (never NULL). */
const copyText = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** A job's history: one row per move (or its creation, from null). */
async function insertEvents(
  events: { jobId: string; from: JobStatus | null; to: JobStatus; reason?: string | null }[],
  actorId: string | null,
  q: Queryable,
) {
  await q.query(
    `INSERT INTO job_events (job_id, actor_id, from_status, to_status, reason)
     SELECT j::uuid, $5::uuid, f, t, r
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u (j, f, t, r)`,
    [
      events.map((e) => e.jobId),
      events.map((e) => e.from),
      events.map((e) => e.to),
      events.map((e) => e.reason ?? null),
      actorId,
    ],
  );
}

export function jobsWrites(db: Queryable) {
  return {
    async insert(job: NewJob, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO jobs (type, company_id, created_by, state, lga, subject_name, fields, price_kobo)
         VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8) RETURNING id`,
        [
          job.type,
          job.company_id,
          job.created_by,
          job.state,
          job.lga,
          job.subject_name,
          JSON.stringify(job.fields),
          job.price_kobo ?? null,
        ],
      );
      const id = r.rows[0]!.id;
      await insertEvents([{ jobId: id, from: null, to: 'pending' }], job.created_by, q);
      return id;
    },

    /**
     * Inserts many jobs and their first event (null → pending) with COPY, the fast path on PGlite
     * and PostgreSQL alike (DESIGN §6): ids are made here, unless given, so that the events can
     * name their jobs; codes come from the column default, in the order given. Returns their ids,
     * in order.
     */
    async insertMany(
      jobs: (NewJob & { id?: string })[],
      actorId: string,
      q: Queryable,
      batchSize = 20_000,
      importId?: string,
    ) {
      const all: string[] = [];
      for (let i = 0; i < jobs.length; i += batchSize) {
        const batch = jobs.slice(i, i + batchSize);
        const ids = batch.map((j) => j.id ?? randomUUID());
        all.push(...ids);
        let jobsCsv = '';
        let eventsCsv = '';
        batch.forEach((j, k) => {
          jobsCsv += `${ids[k]},${j.type},${j.company_id},${j.created_by},${copyText(j.state)},${copyText(j.lga)},${copyText(j.subject_name)},${copyText(JSON.stringify(j.fields))},${j.price_kobo ?? ''},${importId ?? ''}\n`;
          eventsCsv += `${ids[k]},${actorId},pending\n`;
        });
        await q.copyFrom('jobs', bulkColumns, jobsCsv);
        await q.copyFrom('job_events', ['job_id', 'actor_id', 'to_status'], eventsCsv);
      }
      return all;
    },

    /**
     * Inserts a chunk of a staging import's jobs and their first event (null → pending) in ONE
     * statement, outside any transaction: it is atomic by itself, and on PGlite it is one call
     * into the database's thread, so the one connection is never held while a message crosses
     * back to a busy main thread between a transaction's statements (a chunk written as BEGIN,
     * two COPYs and COMMIT was four crossings). Prepared once: the rows go in as arrays. Ids are
     * made here unless given; codes come from the column default in the order given. Answers the
     * ids, in order, and how long the database spent on the statement where it says (`ms`).
     */
    async insertStaged(
      jobs: (NewJob & { id?: string })[],
      actorId: string,
      importId: string,
      q: Queryable = db,
    ) {
      const ids = jobs.map((j) => j.id ?? randomUUID());
      const r = await q.queryPrepared(
        `WITH inserted AS (
           INSERT INTO jobs (id, type, company_id, created_by, state, lga, subject_name, fields,
                             price_kobo, import_id)
           SELECT u.id, u.type, u.company_id, u.created_by, u.state, u.lga, u.subject_name,
                  u.fields::jsonb, u.price_kobo, $10::uuid
             FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[], $6::text[],
                         $7::text[], $8::text[], $9::bigint[])
               AS u (id, type, company_id, created_by, state, lga, subject_name, fields, price_kobo)
           RETURNING id)
         INSERT INTO job_events (job_id, actor_id, to_status)
         SELECT id, $11::uuid, 'pending' FROM inserted`,
        [
          ids,
          jobs.map((j) => j.type),
          jobs.map((j) => j.company_id),
          jobs.map((j) => j.created_by),
          jobs.map((j) => j.state),
          jobs.map((j) => j.lga),
          jobs.map((j) => j.subject_name),
          jobs.map((j) => JSON.stringify(j.fields)),
          jobs.map((j) => j.price_kobo ?? null),
          importId,
          actorId,
        ],
      );
      return { ids, ms: r.ms };
    },

    /**
     * A bulk import's row, staging: the jobs `insertStaged` writes under it are no one's (every read
     * leaves them out, see jobsView `visibleJobSql`) until `endImportStaging`.
     */
    async startImport(companyId: string, createdBy: string, jobs: number, q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        'INSERT INTO job_imports (company_id, created_by, jobs) VALUES ($1, $2, $3) RETURNING id',
        [companyId, createdBy, jobs],
      );
      return r.rows[0]!.id;
    },

    /**
     * Makes a staging import's jobs their owner's (all pending, unassigned) and counts them; false
     * when the import is no longer staging (swept meanwhile).
     */
    async endImportStaging(importId: string, q: Queryable) {
      const r = await q.query<{ company_id: string; jobs: number }>(
        `UPDATE job_imports SET staging = false WHERE id = $1 AND staging
         RETURNING company_id, jobs`,
        [importId],
      );
      const ended = r.rows[0];
      if (!ended) return false;
      await q.query(
        `SELECT job_counts_add(ARRAY[ROW('pending', $1::uuid, NULL, NULL, $2::int)::job_count_change])`,
        [ended.company_id, ended.jobs],
      );
      return true;
    },

    /** Imports still staging: in progress, or left by a failure or a process that died. */
    async stagingImports(q: Queryable = db) {
      const r = await q.query<{ id: string }>(
        'SELECT id FROM job_imports WHERE staging ORDER BY created_at',
      );
      return r.rows.map((row) => row.id);
    },

    /**
     * Deletes up to `limit` jobs of a staging import (their events with them), in one short
     * statement; once none is left, the import itself. Answers how many jobs it deleted.
     */
    async deleteStagedJobs(importId: string, limit: number, q: Queryable = db) {
      const r = await q.query(
        `DELETE FROM jobs WHERE id IN (
           SELECT j.id FROM jobs j JOIN job_imports i ON i.id = j.import_id AND i.staging
            WHERE j.import_id = $1 LIMIT $2)`,
        [importId, limit],
      );
      if (r.rowCount === 0) {
        await q.query('DELETE FROM job_imports WHERE id = $1 AND staging', [importId]);
      }
      return r.rowCount;
    },

    /** The price, fee and parties of these jobs, for refunds and fees. */
    async money(ids: string[], q: Queryable = db) {
      const r = await q.query<JobMoney>(
        `SELECT id, company_id, price_kobo::float8 AS price_kobo, fee_kobo::float8 AS fee_kobo,
                assignee_type, assignee_company_id, assignee_agent_id
           FROM jobs WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return r.rows;
    },

    /** The jobs, locked for a transition, in the order asked; unknown ids are left out. */
    async lockForMove(ids: string[], q: Queryable) {
      const r = await q.query<LockedJob>(
        `SELECT id, code, type, status, state, company_id, assignee_type, assignee_company_id,
                assignee_agent_id
           FROM jobs WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      return r.rows;
    },

    /** An agent's jobs in these statuses, locked for a transition, in id order. */
    async lockForMoveOfAgent(agentId: string, statuses: readonly JobStatus[], q: Queryable) {
      const r = await q.query<LockedJob>(
        `SELECT id, code, type, status, state, company_id, assignee_type, assignee_company_id,
                assignee_agent_id
           FROM jobs WHERE assignee_agent_id = $1 AND status = ANY($2::text[])
          ORDER BY id FOR UPDATE`,
        [agentId, statuses],
      );
      return r.rows;
    },

    /**
     * Writes checked moves: each job's new status (and rating, when given) and the moves' events.
     * Only services/jobMoves calls this: it checks every move against the state machine first.
     */
    async writeMoves(
      jobs: { id: string; status: JobStatus; rating: number | null }[],
      events: { jobId: string; from: JobStatus; to: JobStatus; reason: string | null }[],
      actorId: string | null,
      q: Queryable,
    ) {
      await q.query(
        `UPDATE jobs j SET status = u.status, rating = coalesce(u.rating, j.rating), updated_at = now()
           FROM unnest($1::uuid[], $2::text[], $3::int[]) AS u (id, status, rating)
          WHERE j.id = u.id`,
        [jobs.map((j) => j.id), jobs.map((j) => j.status), jobs.map((j) => j.rating)],
      );
      await insertEvents(events, actorId, q);
    },

    /**
     * Sets the assignee of jobs: assigned_at = now, due_at = now + the TAT's hours, fee from the
     * TAT's amount; the new deadline is not told late yet. The caller has checked that a TAT exists for every job; the status is
     * services/jobMoves' to write.
     */
    async setAssignee(
      ids: string[],
      assignee: { type: 'company' | 'agent'; id: string },
      q: Queryable,
    ) {
      await q.query(
        `UPDATE jobs j SET assignee_type = $2,
                assignee_company_id = CASE WHEN $2 = 'company' THEN $3::uuid END,
                assignee_agent_id = CASE WHEN $2 = 'agent' THEN $3::uuid END,
                assigned_at = now(), due_at = now() + make_interval(hours => t.tat_in_hours),
                fee_kobo = t.amount_kobo, overdue_notified_at = NULL, updated_at = now()
           FROM tat_settings t
          WHERE j.id = ANY($1::uuid[]) AND t.state = j.state AND t.job_type = j.type
            AND t.audience = $2`,
        [ids, assignee.type, assignee.id],
      );
    },

    /**
     * TAT breaches: marks up to `limit` open jobs past their due time that have not been told of
     * this deadline, writes an 'overdue' event for each (status unchanged), and returns them with
     * who to tell: the owner company's owner, the assignee (the agent, or the partner's owner),
     * and who assigned the job. Rows another process is marking are skipped.
     */
    async markOverdue(limit: number, q: Queryable) {
      const r = await q.query<OverdueJob>(
        `WITH due AS (
           SELECT j.id FROM jobs j
            WHERE ${overdueSql}
              AND j.overdue_notified_at IS NULL
            ORDER BY j.due_at, j.id LIMIT $1 FOR UPDATE SKIP LOCKED
         ), marked AS (
           UPDATE jobs j SET overdue_notified_at = now() FROM due WHERE j.id = due.id
           RETURNING j.id, j.code, j.status, j.due_at, j.company_id, j.assignee_agent_id,
                     j.assignee_company_id
         ), events AS (
           INSERT INTO job_events (job_id, from_status, to_status, reason, kind)
           SELECT id, status, status, 'Turnaround time passed without a submission', 'overdue'
             FROM marked
         )
         SELECT m.id, m.code, m.due_at, m.company_id,
                (SELECT a.id FROM accounts a WHERE a.company_id = m.company_id AND a.role = 'company'
                  ORDER BY a.created_at, a.id LIMIT 1) AS owner_id,
                coalesce(m.assignee_agent_id,
                         (SELECT a.id FROM accounts a
                           WHERE a.company_id = m.assignee_company_id AND a.role = 'company'
                           ORDER BY a.created_at, a.id LIMIT 1)) AS assignee_id,
                (SELECT e.actor_id FROM job_events e
                  WHERE e.job_id = m.id AND e.to_status = 'assigned' AND e.kind = 'move'
                  ORDER BY e.id DESC LIMIT 1) AS assigner_id
           FROM marked m ORDER BY m.due_at, m.id`,
        [limit],
      );
      return r.rows;
    },

    /** The earliest due time still ahead among open jobs: when the next breach can happen. */
    async nextDueAt(q: Queryable) {
      const r = await q.query<{ at: Date | null }>(
        `SELECT min(j.due_at) AS at FROM jobs j
          WHERE j.status IN (${sqlStrings(openJobStatuses)}) AND j.due_at > now()`,
      );
      return r.rows[0]!.at;
    },

    /** The (state, type) pairs among these jobs that have no TAT for the audience. */
    async missingTats(ids: string[], audience: 'company' | 'agent', q: Queryable) {
      const r = await q.query<{ state: string; type: JobKind }>(
        `SELECT DISTINCT j.state, j.type FROM jobs j
           LEFT JOIN tat_settings t ON t.state = j.state AND t.job_type = j.type AND t.audience = $2
          WHERE j.id = ANY($1::uuid[]) AND t.id IS NULL
          ORDER BY j.state, j.type`,
        [ids, audience],
      );
      return r.rows;
    },
  };
}
