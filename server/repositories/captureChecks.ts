import type { Queryable } from '../db';
import type { JobKind } from '../../reference/jobKinds';
import type { PhotoKind } from '../../reference/photoKinds';
import type { BillCheck, CheckWarning, FaceCheck, PlaceCheck } from '../services/checks/types';

/** The parts of the machine checks, each run on its own: one failing leaves the others. */
export const checkParts = ['bill', 'place', 'face'] as const;
export type CheckPart = (typeof checkParts)[number];

export type ChecksStatus = 'pending' | 'done' | 'failed';

/** What a run of the checks stores. */
export interface ChecksOutcome {
  status: Exclude<ChecksStatus, 'pending'>;
  bill: BillCheck | null;
  place: PlaceCheck | null;
  face: FaceCheck | null;
  warnings: CheckWarning[];
  failed_parts: CheckPart[];
  error: string | null;
}

/** A submission's checks: pending (no results yet), or a run's outcome. */
export interface CaptureChecksRow extends Omit<ChecksOutcome, 'status'> {
  submission_id: string;
  job_id: string;
  status: ChecksStatus;
  run: number;
  queued_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** What the checks of a submission read: the job's claim, the point, the photos' keys. */
export interface ChecksInput {
  submission_id: string;
  job_id: string;
  run: number;
  kind: JobKind;
  subject_name: string;
  fields: Record<string, string>;
  state: string;
  lga: string;
  lat: number | null;
  lng: number | null;
  captured_at: Date | null;
  received_at: Date;
  photos: Partial<Record<PhotoKind, string>>;
  /** The application photo of the job's agent, when an agent holds the job and has one. */
  agent_photo_key: string | null;
}

const columns = `submission_id, job_id, status, bill, place, face, warnings, failed_parts, error,
  run, queued_at, started_at, finished_at`;

/** The one writer of `capture_checks`. */
export function createCaptureChecksRepository(db: Queryable) {
  return {
    /**
     * The submission's checks to do (again): pending, earlier results cleared, the run counted.
     * Returns the run the queued job carries.
     */
    async markPending(submissionId: string, jobId: string, q: Queryable = db) {
      const r = await q.query<{ run: number }>(
        `INSERT INTO capture_checks (submission_id, job_id) VALUES ($1, $2)
         ON CONFLICT (submission_id) DO UPDATE
            SET status = 'pending', bill = NULL, place = NULL, face = NULL, warnings = '[]',
                failed_parts = '{}', error = NULL, run = capture_checks.run + 1,
                queued_at = now(), started_at = NULL, finished_at = NULL
         RETURNING run`,
        [submissionId, jobId],
      );
      return r.rows[0]!.run;
    },

    async forJob(jobId: string, q: Queryable = db) {
      const r = await q.query<CaptureChecksRow>(
        `SELECT ${columns} FROM capture_checks WHERE job_id = $1`,
        [jobId],
      );
      return r.rows[0];
    },

    /** What run `run` of the checks reads; undefined when a newer run or an erasure replaced it. */
    async input(submissionId: string, run: number, q: Queryable = db) {
      const r = await q.query<
        Omit<ChecksInput, 'photos'> & { photos: Record<string, string> | null }
      >(
        `SELECT c.submission_id, c.job_id, c.run, j.type AS kind, j.subject_name, j.fields, j.state,
                j.lga, s.lat, s.lng, s.captured_at, s.received_at,
                (SELECT jsonb_object_agg(p.kind, p.storage_key) FROM capture_photos p
                  WHERE p.submission_id = s.id) AS photos,
                (SELECT a.photo_key FROM agent_applications a
                  WHERE a.account_id = j.assignee_agent_id) AS agent_photo_key
           FROM capture_checks c
           JOIN capture_submissions s ON s.id = c.submission_id
           JOIN jobs j ON j.id = c.job_id
          WHERE c.submission_id = $1 AND c.run = $2 AND c.status = 'pending'
            AND j.erased_at IS NULL`,
        [submissionId, run],
      );
      const row = r.rows[0];
      return row && ({ ...row, photos: row.photos ?? {} } as ChecksInput);
    },

    /** Checks waiting for a worker, oldest first. */
    async pending(limit: number, q: Queryable = db) {
      const r = await q.query<{ submission_id: string; run: number }>(
        `SELECT submission_id, run FROM capture_checks WHERE status = 'pending'
          ORDER BY queued_at LIMIT $1`,
        [limit],
      );
      return r.rows;
    },

    async markStarted(submissionId: string, run: number, q: Queryable = db) {
      await q.query(
        `UPDATE capture_checks SET started_at = now() WHERE submission_id = $1 AND run = $2`,
        [submissionId, run],
      );
    },

    /** Stores run `run`'s results; false when a newer run (or none) is there to be written. */
    async finish(submissionId: string, run: number, o: ChecksOutcome, q: Queryable = db) {
      const r = await q.query(
        `UPDATE capture_checks
            SET status = $3, bill = $4::text::jsonb, place = $5::text::jsonb,
                face = $6::text::jsonb, warnings = $7::text::jsonb, failed_parts = $8::text[],
                error = $9, finished_at = now()
          WHERE submission_id = $1 AND run = $2 AND status = 'pending'`,
        [
          submissionId,
          run,
          o.status,
          o.bill && JSON.stringify(o.bill),
          o.place && JSON.stringify(o.place),
          o.face && JSON.stringify(o.face),
          JSON.stringify(o.warnings),
          o.failed_parts,
          o.error,
        ],
      );
      return (r.rowCount ?? 0) > 0;
    },
  };
}

export type CaptureChecksRepository = ReturnType<typeof createCaptureChecksRepository>;
