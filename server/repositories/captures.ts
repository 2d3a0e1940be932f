import type { Queryable } from '../db';
import type { JobStatus } from '../services/jobStateMachine';
import type { JobKind } from '../../reference/jobKinds';

import { photoKinds, type PhotoKind } from '../../reference/photoKinds';

export { photoKinds, type PhotoKind };

/** Who a capture link is for. */
export type LinkHolder = { agentId: string } | { companyId: string };

/** A token row with what the public capture page needs of its job. */
export interface CaptureTokenRow {
  token_hash: string;
  job_id: string;
  agent_id: string | null;
  assignee_company_id: string | null;
  /** Not revoked and not expired. */
  live: boolean;
  code: string;
  type: JobKind;
  status: JobStatus;
  subject_name: string;
  state: string;
  lga: string;
  fields: Record<string, string>;
  due_at: Date | null;
}

/** An open job of an agent with its live link (my jobs). */
export interface OpenCaptureJobRow {
  job_id: string;
  code: string;
  type: JobKind;
  status: JobStatus;
  subject_name: string;
  state: string;
  lga: string;
  fields: Record<string, string>;
  due_at: Date | null;
  token_sealed: string;
}

export interface LiveLinkRow {
  token_sealed: string;
  created_at: Date;
  expires_at: Date;
}

export interface SubmissionRow {
  id: string;
  job_id: string;
  idempotency_key: string;
  lat: number | null;
  lng: number | null;
  accuracy_m: number | null;
  no_gps: boolean;
  location_text: string | null;
  captured_at: Date | null;
  received_at: Date;
  answer: CaptureAnswer;
}

export interface CaptureAnswer {
  message: string;
  code: string;
  submitted_at: string;
}

export interface NewSubmission {
  job_id: string;
  token_hash: string;
  idempotency_key: string;
  lat: number | null;
  lng: number | null;
  accuracy_m: number | null;
  location_text: string | null;
  captured_at: Date | null;
  received_at: Date;
  answer: CaptureAnswer;
}

export interface PhotoRow {
  kind: PhotoKind;
  storage_key: string;
  sha256: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
}

export interface NewPhoto {
  kind: PhotoKind;
  storage_key: string;
  sha256: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  phash: bigint | null;
}

/** A photo of this job matching one of another job: same bytes, or a small pHash distance. */
export interface PhotoMatchRow {
  kind: PhotoKind;
  match: 'duplicate' | 'similar';
  distance: number;
  other_job_id: string;
  other_job_code: string;
  other_company_id: string;
  other_assignee_company_id: string | null;
  other_assignee_agent_id: string | null;
}

/**
 * Not revoked, not expired, and not an inactive agent's: deactivation revokes its links, and
 * this keeps any it missed dead too.
 */
const liveSql = `(t.revoked_at IS NULL AND t.expires_at > now()
  AND NOT EXISTS (SELECT 1 FROM accounts ag WHERE ag.id = t.agent_id AND ag.status <> 1))`;

export function createCapturesRepository(db: Queryable) {
  return {
    /** Revokes the live links of these jobs (reassignment, or a new link replacing the old). */
    async revokeForJobs(jobIds: string[], q: Queryable = db) {
      await q.query(
        `UPDATE capture_tokens SET revoked_at = now()
          WHERE job_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
        [jobIds],
      );
    },

    /**
     * Stores one new link per job (the caller has revoked the old ones), valid until the job's
     * deadline plus `graceDays`, and never less than `graceDays` from now. Returns the expiries.
     */
    async issue(
      links: { jobId: string; hash: string; sealed: string }[],
      holder: LinkHolder,
      createdBy: string | null,
      graceDays: number,
      q: Queryable = db,
    ) {
      if (!links.length) return new Map<string, Date>();
      const r = await q.query<{ job_id: string; expires_at: Date }>(
        `INSERT INTO capture_tokens
           (token_hash, job_id, agent_id, assignee_company_id, token_sealed, created_by, expires_at)
         SELECT u.h, j.id, $4::uuid, $5::uuid, u.s, $6::uuid,
                greatest(coalesce(j.due_at, now()), now()) + make_interval(days => $7)
           FROM unnest($1::text[], $2::uuid[], $3::text[]) AS u (h, job, s)
           JOIN jobs j ON j.id = u.job
         RETURNING job_id, expires_at`,
        [
          links.map((l) => l.hash),
          links.map((l) => l.jobId),
          links.map((l) => l.sealed),
          'agentId' in holder ? holder.agentId : null,
          'companyId' in holder ? holder.companyId : null,
          createdBy,
          graceDays,
        ],
      );
      return new Map(r.rows.map((row) => [row.job_id, new Date(row.expires_at)]));
    },

    /** What a link's mail says of each job. */
    async jobsForMail(jobIds: string[], q: Queryable = db) {
      const r = await q.query<{
        id: string;
        code: string;
        subject_name: string;
        state: string;
        lga: string;
        fields: Record<string, string>;
      }>(
        `SELECT id, code, subject_name, state, lga, fields FROM jobs
          WHERE id = ANY($1::uuid[]) ORDER BY code`,
        [jobIds],
      );
      return r.rows;
    },

    /** The token's row, live or not, with its job; undefined for an unknown token. */
    async findToken(hash: string, q: Queryable = db) {
      const r = await q.query<CaptureTokenRow>(
        `SELECT t.token_hash, t.job_id, t.agent_id, t.assignee_company_id, ${liveSql} AS live,
                j.code, j.type, j.status, j.subject_name, j.state, j.lga, j.fields, j.due_at
           FROM capture_tokens t JOIN jobs j ON j.id = t.job_id
          WHERE t.token_hash = $1`,
        [hash],
      );
      return r.rows[0];
    },

    /** The job's live link, if any (spent links of submitted jobs are not live). */
    async liveLink(jobId: string, q: Queryable = db) {
      const r = await q.query<LiveLinkRow>(
        `SELECT t.token_sealed, t.created_at, t.expires_at
           FROM capture_tokens t JOIN jobs j ON j.id = t.job_id
          WHERE t.job_id = $1 AND ${liveSql} AND j.status IN ('assigned', 'accepted')`,
        [jobId],
      );
      return r.rows[0];
    },

    /** An agent's open jobs that have a live link, soonest due first. */
    async agentOpenJobs(agentId: string, q: Queryable = db) {
      const r = await q.query<OpenCaptureJobRow>(
        `SELECT j.id AS job_id, j.code, j.type, j.status, j.subject_name, j.state, j.lga, j.fields,
                j.due_at, t.token_sealed
           FROM capture_tokens t JOIN jobs j ON j.id = t.job_id
          WHERE t.agent_id = $1 AND ${liveSql} AND j.assignee_agent_id = $1
            AND j.status IN ('assigned', 'accepted')
          ORDER BY j.due_at NULLS LAST, j.code
          LIMIT 500`,
        [agentId],
      );
      return r.rows;
    },

    async submission(jobId: string, q: Queryable = db) {
      const r = await q.query<SubmissionRow>(
        `SELECT id, job_id, idempotency_key, lat, lng, accuracy_m, no_gps, location_text,
                captured_at, received_at, answer
           FROM capture_submissions WHERE job_id = $1`,
        [jobId],
      );
      return r.rows[0];
    },

    /** Writes the submission and its photos; returns the submission's id. */
    async insertSubmission(s: NewSubmission, photos: NewPhoto[], q: Queryable) {
      const r = await q.query<{ id: string }>(
        `INSERT INTO capture_submissions
           (job_id, token_hash, idempotency_key, lat, lng, accuracy_m, no_gps, location_text,
            captured_at, received_at, answer)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb) RETURNING id`,
        [
          s.job_id,
          s.token_hash,
          s.idempotency_key,
          s.lat,
          s.lng,
          s.accuracy_m,
          s.lat === null,
          s.location_text,
          s.captured_at,
          s.received_at,
          JSON.stringify(s.answer),
        ],
      );
      const id = r.rows[0]!.id;
      await q.query(
        `INSERT INTO capture_photos
           (submission_id, job_id, kind, storage_key, sha256, size_bytes, width, height, phash)
         SELECT $1, $2, k, key, sha, size, w, h, p
           FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[],
                       $9::bigint[]) AS u (k, key, sha, size, w, h, p)`,
        [
          id,
          s.job_id,
          photos.map((p) => p.kind),
          photos.map((p) => p.storage_key),
          photos.map((p) => p.sha256),
          photos.map((p) => p.size_bytes),
          photos.map((p) => p.width),
          photos.map((p) => p.height),
          photos.map((p) => (p.phash === null ? null : p.phash.toString())),
        ],
      );
      return id;
    },

    /** The photos sent ahead of the submission, by kind. */
    async uploads(jobId: string, q: Queryable = db) {
      const r = await q.query<NewPhoto & { phash: string | null }>(
        `SELECT kind, storage_key, sha256, size_bytes, width, height, phash
           FROM capture_uploads WHERE job_id = $1
          ORDER BY array_position(ARRAY['selfie', 'house', 'utility_bill'], kind)`,
        [jobId],
      );
      return r.rows.map((p) => ({ ...p, phash: p.phash === null ? null : BigInt(p.phash) }));
    },

    /** Keeps a photo sent ahead; returns the storage key it replaces, if any. */
    async putUpload(jobId: string, p: NewPhoto, q: Queryable = db) {
      const r = await q.query<{ replaced: string | null }>(
        `WITH old AS (SELECT storage_key FROM capture_uploads WHERE job_id = $1 AND kind = $2)
         INSERT INTO capture_uploads
           (job_id, kind, storage_key, sha256, size_bytes, width, height, phash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (job_id, kind) DO UPDATE SET
           storage_key = excluded.storage_key, sha256 = excluded.sha256,
           size_bytes = excluded.size_bytes, width = excluded.width, height = excluded.height,
           phash = excluded.phash, received_at = now()
         RETURNING (SELECT storage_key FROM old) AS replaced`,
        [
          jobId,
          p.kind,
          p.storage_key,
          p.sha256,
          p.size_bytes,
          p.width,
          p.height,
          p.phash === null ? null : p.phash.toString(),
        ],
      );
      return r.rows[0]?.replaced ?? null;
    },

    /** Forgets a job's photos sent ahead; returns their storage keys. */
    async clearUploads(jobId: string, q: Queryable) {
      const r = await q.query<{ storage_key: string }>(
        'DELETE FROM capture_uploads WHERE job_id = $1 RETURNING storage_key',
        [jobId],
      );
      return r.rows.map((row) => row.storage_key);
    },

    /** Removes photos sent ahead and older than `days` days; returns their storage keys. */
    async sweepUploads(days: number, q: Queryable = db) {
      const r = await q.query<{ storage_key: string }>(
        `DELETE FROM capture_uploads WHERE received_at < now() - make_interval(days => $1)
         RETURNING storage_key`,
        [days],
      );
      return r.rows.map((row) => row.storage_key);
    },

    async photos(jobId: string, q: Queryable = db) {
      const r = await q.query<PhotoRow>(
        `SELECT kind, storage_key, sha256, size_bytes, width, height
           FROM capture_photos WHERE job_id = $1
          ORDER BY array_position(ARRAY['selfie', 'house', 'utility_bill'], kind)`,
        [jobId],
      );
      return r.rows;
    },

    async photo(jobId: string, kind: PhotoKind, q: Queryable = db) {
      const r = await q.query<PhotoRow>(
        `SELECT kind, storage_key, sha256, size_bytes, width, height
           FROM capture_photos WHERE job_id = $1 AND kind = $2`,
        [jobId, kind],
      );
      return r.rows[0];
    },

    /**
     * Photos of other jobs matching this job's: the same SHA-256 (index lookup), or a dHash within
     * `maxDistance` bits among the photos taken within `windowDays` of it (a scan of that window).
     */
    async photoMatches(jobId: string, maxDistance: number, windowDays: number, q: Queryable = db) {
      const r = await q.query<PhotoMatchRow>(
        `SELECT m.kind, m.match, m.distance, j.id AS other_job_id, j.code AS other_job_code,
                j.company_id AS other_company_id, j.assignee_company_id AS other_assignee_company_id,
                j.assignee_agent_id AS other_assignee_agent_id
           FROM (
             SELECT p.kind, 'duplicate' AS match, 0 AS distance, o.job_id, o.created_at
               FROM capture_photos p
               JOIN capture_photos o ON o.sha256 = p.sha256 AND o.job_id <> p.job_id
              WHERE p.job_id = $1
             UNION ALL
             SELECT p.kind, 'similar', bit_count((p.phash # o.phash)::bit(64))::int, o.job_id,
                    o.created_at
               FROM capture_photos p
               JOIN capture_photos o
                 ON o.job_id <> p.job_id AND o.sha256 <> p.sha256 AND o.phash IS NOT NULL
                AND o.created_at BETWEEN p.created_at - make_interval(days => $3)
                                     AND p.created_at + make_interval(days => $3)
                AND bit_count((p.phash # o.phash)::bit(64)) <= $2
              WHERE p.job_id = $1 AND p.phash IS NOT NULL
           ) m
           JOIN jobs j ON j.id = m.job_id
          ORDER BY array_position(ARRAY['selfie', 'house', 'utility_bill'], m.kind),
                   m.distance, m.created_at DESC
          LIMIT 50`,
        [jobId, maxDistance, windowDays],
      );
      return r.rows;
    },
  };
}

export type CapturesRepository = ReturnType<typeof createCapturesRepository>;
