import type { Queryable } from '../db';
import { visibleJobSql, type JobRow } from './jobsView';

/** A person's keys, normalized (phone +234…, email lower case, NIN 11 digits); null: not given. */
export interface SubjectKeys {
  phone: string | null;
  email: string | null;
  nin: string | null;
}

/** The job fields a key may sit in, by key (reference/jobKinds.ts). */
export interface SubjectFieldNames {
  phone: readonly string[];
  email: readonly string[];
  nin: readonly string[];
}

/** A job holding the person: its columns as stored (no viewer hides any), and its evidence. */
export interface SubjectJobRow extends Pick<
  JobRow,
  | 'id'
  | 'code'
  | 'type'
  | 'status'
  | 'company_id'
  | 'company_name'
  | 'state'
  | 'lga'
  | 'subject_name'
  | 'fields'
  | 'created_at'
> {
  photos: number;
  attachments: number;
  has_location: boolean;
}

export interface SubjectAccountRow {
  id: string;
  code: string;
  role: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  address: string | null;
  status: number;
  company_id: string | null;
  created_at: Date;
  last_seen_at: Date | null;
  picture_key: string | null;
}

export interface SubjectApplicationRow {
  id: string;
  code: string;
  status: 'pending' | 'approved' | 'rejected';
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  state: string;
  lgas: string[];
  nin: string | null;
  bank_code: string;
  account_number: string | null;
  account_name: string;
  photo_key: string | null;
  created_at: Date;
  decided_at: Date | null;
  account_id: string | null;
}

export interface SubjectMessageRow {
  id: string;
  sender_id: string;
  recipient_id: string | null;
  other_party: string | null;
  subject: string;
  body: string;
  created_at: Date;
}

/** At most this many jobs are read for one person: more would be a key shared by many. */
export const maxSubjectJobs = 1000;

/** Data-subject requests: everything held about one person, found by phone, email or NIN. */
export function createDataRequestsRepository(db: Queryable) {
  return {
    /** Jobs whose fields hold one of the keys (not yet erased), newest first. */
    async jobs(keys: SubjectKeys, names: SubjectFieldNames, q: Queryable = db) {
      const r = await q.query<SubjectJobRow>(
        `SELECT j.id, j.code, j.type, j.status, j.company_id, c.name AS company_name, j.state,
                j.lga, j.subject_name, j.fields, j.created_at,
                (SELECT count(*)::int FROM capture_photos p WHERE p.job_id = j.id) AS photos,
                (SELECT count(*)::int FROM job_attachments a WHERE a.job_id = j.id) AS attachments,
                EXISTS (SELECT 1 FROM capture_submissions s WHERE s.job_id = j.id
                         AND (s.lat IS NOT NULL OR s.location_text IS NOT NULL)) AS has_location
           FROM jobs j JOIN companies c ON c.id = j.company_id
          WHERE j.erased_at IS NULL AND ${visibleJobSql}
            AND EXISTS (SELECT 1 FROM jsonb_each_text(j.fields) f
                         WHERE (f.key = ANY($1::text[]) AND f.value = $2)
                            OR (f.key = ANY($3::text[]) AND lower(f.value) = $4)
                            OR (f.key = ANY($5::text[]) AND f.value = $6))
          ORDER BY j.created_at DESC, j.id LIMIT $7`,
        [names.phone, keys.phone, names.email, keys.email, names.nin, keys.nin, maxSubjectJobs],
      );
      return r.rows;
    },

    /** Applications with one of the keys, and those of the accounts given. */
    async applications(keys: SubjectKeys, q: Queryable = db) {
      const r = await q.query<SubjectApplicationRow>(
        `SELECT id, code, status, first_name, last_name, email, phone, state, lgas, nin, bank_code,
                account_number, account_name, photo_key, created_at, decided_at, account_id
           FROM agent_applications
          WHERE erased_at IS NULL AND (lower(email) = $1 OR phone = $2 OR nin = $3)
          ORDER BY created_at DESC, id`,
        [keys.email, keys.phone, keys.nin],
      );
      return r.rows;
    },

    /** Accounts with the email or phone, or made from one of `applicationAccounts`. */
    async accounts(keys: SubjectKeys, applicationAccounts: string[], q: Queryable = db) {
      const r = await q.query<SubjectAccountRow>(
        `SELECT id, unique_code AS code, role, first_name, last_name, email, phone, address,
                status, company_id, created_at, last_seen_at, picture_key
           FROM accounts
          WHERE erased_at IS NULL
            AND (lower(email) = $1 OR phone = $2 OR id = ANY($3::uuid[]))
          ORDER BY created_at, id`,
        [keys.email, keys.phone, applicationAccounts],
      );
      return r.rows;
    },

    /** Messages one of the accounts sent or was sent (not broadcasts to all), newest first. */
    async messages(accountIds: string[], limit: number | null, q: Queryable = db) {
      const r = await q.query<SubjectMessageRow>(
        `SELECT m.id, m.sender_id, m.recipient_id, m.subject, m.body, m.created_at,
                CASE WHEN m.sender_id = ANY($1::uuid[])
                     THEN coalesce(r.first_name || ' ' || r.last_name, m.audience)
                     ELSE s.first_name || ' ' || s.last_name END AS other_party
           FROM messages m
           JOIN accounts s ON s.id = m.sender_id
           LEFT JOIN accounts r ON r.id = m.recipient_id
          WHERE m.sender_id = ANY($1::uuid[]) OR m.recipient_id = ANY($1::uuid[])
          ORDER BY m.created_at DESC, m.id LIMIT $2`,
        [accountIds, limit],
      );
      return r.rows;
    },

    async messageCount(accountIds: string[], q: Queryable = db) {
      const r = await q.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messages
          WHERE sender_id = ANY($1::uuid[]) OR recipient_id = ANY($1::uuid[])`,
        [accountIds],
      );
      return r.rows[0]!.n;
    },

    /** The jobs' history with its free text, for an export. */
    async events(jobIds: string[], q: Queryable = db) {
      const r = await q.query<{
        job_id: string;
        to_status: string;
        reason: string | null;
        created_at: Date;
      }>(
        `SELECT job_id, to_status, reason, created_at FROM job_events
          WHERE job_id = ANY($1::uuid[]) ORDER BY job_id, id`,
        [jobIds],
      );
      return r.rows;
    },

    async attachments(jobIds: string[], q: Queryable = db) {
      const r = await q.query<{
        id: string;
        job_id: string;
        file_name: string;
        content_type: string;
        size_bytes: number;
      }>(
        `SELECT id, job_id, file_name, content_type, size_bytes FROM job_attachments
          WHERE job_id = ANY($1::uuid[]) ORDER BY created_at, id`,
        [jobIds],
      );
      return r.rows;
    },

    async submissions(jobIds: string[], q: Queryable = db) {
      const r = await q.query<{
        job_id: string;
        received_at: Date;
        captured_at: Date | null;
        lat: number | null;
        lng: number | null;
        accuracy_m: number | null;
        location_text: string | null;
        checks_status: string | null;
        checked_at: Date | null;
        bill_text: string | null;
        checks_warnings: { code: string; message: string }[] | null;
      }>(
        // The machine checks' read of the bill is the subject's data too (its name and address).
        `SELECT s.job_id, s.received_at, s.captured_at, s.lat, s.lng, s.accuracy_m, s.location_text,
                c.status AS checks_status, c.finished_at AS checked_at,
                c.bill->>'text' AS bill_text, c.warnings AS checks_warnings
           FROM capture_submissions s LEFT JOIN capture_checks c ON c.submission_id = s.id
          WHERE s.job_id = ANY($1::uuid[])`,
        [jobIds],
      );
      return r.rows;
    },

    async photos(jobIds: string[], q: Queryable = db) {
      const r = await q.query<{ job_id: string; kind: string; storage_key: string }>(
        `SELECT job_id, kind, storage_key FROM capture_photos
          WHERE job_id = ANY($1::uuid[]) ORDER BY job_id, kind`,
        [jobIds],
      );
      return r.rows;
    },

    /**
     * Anonymizes accounts rather than deleting them, so that ledger rows, jobs and audit entries
     * still name someone: "Erased user", an address that cannot receive mail, no phone, address
     * or picture, a password nothing matches, every sign-in ended. Answers their pictures' keys.
     */
    async eraseAccounts(ids: string[], at: Date, q: Queryable) {
      if (!ids.length) return [];
      const r = await q.query<{ picture_key: string | null }>(
        `WITH old AS (SELECT id, picture_key FROM accounts WHERE id = ANY($1::uuid[]) FOR UPDATE)
         UPDATE accounts a
            SET first_name = 'Erased', last_name = 'user', email = 'erased-' || a.id || '@invalid',
                phone = NULL, address = NULL, picture_key = NULL,
                password_hash = '!erased: nothing signs in', erased_at = $2, updated_at = now()
           FROM old WHERE a.id = old.id
         RETURNING old.picture_key`,
        [ids, at],
      );
      await q.query(
        `UPDATE sessions SET revoked_at = now() WHERE account_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
        [ids],
      );
      await q.query('DELETE FROM one_time_tokens WHERE account_id = ANY($1::uuid[])', [ids]);
      return r.rows.flatMap((row) => (row.picture_key ? [row.picture_key] : []));
    },

    /**
     * Pending and rejected applications are deleted (nothing hangs on them); an approved one is
     * the agent's profile, kept with its coverage (state, LGAs) and dates, its person erased.
     * Answers the photos' keys.
     */
    async eraseApplications(ids: string[], at: Date, q: Queryable) {
      if (!ids.length) return [];
      const deleted = await q.query<{ photo_key: string | null }>(
        `DELETE FROM agent_applications WHERE id = ANY($1::uuid[]) AND status <> 'approved'
         RETURNING photo_key`,
        [ids],
      );
      const kept = await q.query<{ photo_key: string | null }>(
        `WITH old AS (
           SELECT id, photo_key FROM agent_applications WHERE id = ANY($1::uuid[]) FOR UPDATE)
         UPDATE agent_applications p
            SET first_name = 'Erased', last_name = 'user', email = 'erased-' || p.id || '@invalid',
                phone = NULL, nin = NULL, bank_code = '', account_number = NULL,
                account_name = '', photo_key = NULL, photo_sha256 = '', erased_at = $2
           FROM old WHERE p.id = old.id
         RETURNING old.photo_key`,
        [ids, at],
      );
      return [...deleted.rows, ...kept.rows].flatMap((row) =>
        row.photo_key ? [row.photo_key] : [],
      );
    },

    /** Direct messages to or from the accounts lose their words; broadcasts are not theirs. */
    async eraseMessages(accountIds: string[], q: Queryable) {
      if (!accountIds.length) return 0;
      const r = await q.query(
        `UPDATE messages SET subject = 'Erased', body = ''
          WHERE (sender_id = ANY($1::uuid[]) OR recipient_id = ANY($1::uuid[]))
            AND NOT (subject = 'Erased' AND body = '')`,
        [accountIds],
      );
      return r.rowCount;
    },

    /** Mail waiting for or kept about these addresses (throttle counters expire within the hour). */
    async eraseMailTo(emails: string[], q: Queryable) {
      if (!emails.length) return;
      await q.query('DELETE FROM mail_outbox WHERE lower(to_address) = ANY($1::text[])', [emails]);
    },
  };
}

export type DataRequestsRepository = ReturnType<typeof createDataRequestsRepository>;
