import type { Queryable } from '../db';

/**
 * What only the demo seed writes: the times of a made-up past (the app's own writers stamp
 * now()), and company columns that arrive with the companies' migration.
 */
export function createDemoDataRepository(db: Queryable) {
  return {
    /** Accounts and companies dated as if they had joined at these times. */
    async dateJoined(
      rows: { accountId: string; companyId: string | null; at: Date }[],
      q: Queryable = db,
    ) {
      await q.query(
        `WITH u AS (SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS u (a, c, t)),
              companies_done AS (
                UPDATE companies c SET created_at = u.t FROM u WHERE c.id = u.c RETURNING c.id)
         UPDATE accounts a SET created_at = u.t, updated_at = u.t,
                email_confirmed_at = CASE WHEN a.email_confirmed_at IS NULL THEN NULL ELSE u.t END
           FROM u WHERE a.id = u.a`,
        [rows.map((r) => r.accountId), rows.map((r) => r.companyId), rows.map((r) => r.at)],
      );
    },

    /**
     * Lays jobs on their timeline: created, (last) assigned and last changed at these times, the
     * deadline keeping its TAT after the assignment, and each job's events (in id order) at
     * `events`, its creation event by its creator.
     */
    async dateJobs(
      jobs: { id: string; created: Date; assigned: Date | null; updated: Date; events: Date[] }[],
      q: Queryable = db,
    ) {
      const ids = jobs.map((j) => j.id);
      await q.query(
        `UPDATE jobs j SET created_at = u.c, updated_at = u.u, assigned_at = u.a,
                due_at = u.a + (j.due_at - j.assigned_at)
           FROM unnest($1::uuid[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[])
                AS u (id, c, a, u)
          WHERE j.id = u.id`,
        [ids, jobs.map((j) => j.created), jobs.map((j) => j.assigned), jobs.map((j) => j.updated)],
      );
      await q.query(
        `UPDATE job_events e SET actor_id = j.created_by
           FROM jobs j WHERE j.id = e.job_id AND e.from_status IS NULL AND j.id = ANY($1::uuid[])`,
        [ids],
      );
      const events = jobs.flatMap((j) => j.events.map((t, i) => ({ id: j.id, n: i + 1, t })));
      await q.query(
        `UPDATE job_events e SET created_at = u.t
           FROM (SELECT id, job_id, row_number() OVER (PARTITION BY job_id ORDER BY id) AS n
                   FROM job_events WHERE job_id = ANY($1::uuid[])) r,
                unnest($2::uuid[], $3::int[], $4::timestamptz[]) AS u (job, n, t)
          WHERE e.id = r.id AND r.job_id = u.job AND r.n = u.n`,
        [ids, events.map((e) => e.id), events.map((e) => e.n), events.map((e) => e.t)],
      );
    },

    /** Capture links dated from their job's assignment (they are issued on it). */
    async dateCaptureLinks(jobIds: string[], q: Queryable = db) {
      await q.query(
        `UPDATE capture_tokens t SET created_at = j.assigned_at
           FROM jobs j WHERE j.id = t.job_id AND j.id = ANY($1::uuid[])`,
        [jobIds],
      );
    },

    /** Evidence photos dated from their submission (the near-duplicate window reads it). */
    async datePhotos(jobIds: string[], q: Queryable = db) {
      await q.query(
        `UPDATE capture_photos p SET created_at = s.received_at
           FROM capture_submissions s WHERE s.id = p.submission_id AND s.job_id = ANY($1::uuid[])`,
        [jobIds],
      );
    },

    /** Attachments dated from their job's creation (they are uploaded with it). */
    async dateAttachments(jobIds: string[], q: Queryable = db) {
      await q.query(
        `UPDATE job_attachments a SET created_at = j.created_at
           FROM jobs j WHERE j.id = a.job_id AND j.id = ANY($1::uuid[])`,
        [jobIds],
      );
    },

    /** A company's partner flag, state and address. */
    async setCompanyProfiles(
      rows: { id: string; is_partner: boolean; state: string; address: string }[],
      q: Queryable = db,
    ) {
      await q.query(
        `UPDATE companies c SET is_partner = u.p, state = u.s, address = u.a
           FROM unnest($1::uuid[], $2::boolean[], $3::text[], $4::text[]) AS u (id, p, s, a)
          WHERE c.id = u.id`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.is_partner),
          rows.map((r) => r.state),
          rows.map((r) => r.address),
        ],
      );
    },
  };
}

export type DemoDataRepository = ReturnType<typeof createDemoDataRepository>;
