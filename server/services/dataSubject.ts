import { isEmailAddress } from '../../reference/email';
import { jobFieldDefs, type JobFieldType } from '../../reference/jobKinds';
import { isClosedJobStatus } from '../../reference/jobStatuses';
import { isNin } from '../../reference/nin';
import type { Db, Queryable } from '../db';
import { badRequest, conflict, fieldError } from '../errors';
import type { AuditRepository } from '../repositories/audit';
import type {
  DataRequestsRepository,
  SubjectFieldNames,
  SubjectKeys,
} from '../repositories/dataRequests';
import type {
  DataSubjectErasure,
  DataSubjectExport,
  DataSubjectFindings,
  DataSubjectKey,
  DataSubjectQuery,
} from '../schemas/dataRequests';
import { pictureUrl } from './accountView';
import { normalizeNigerianPhone } from './phone';
import { deleteErasedFiles, eraseJobs, queueFileDeletions } from './retention';
import type { FileStorage } from './storage';

/**
 * Data-subject requests (NDPA): what the provider holds about one person, found by a full phone
 * number, email address or NIN, as a summary, an export, or erased. Only exact keys: a search
 * never takes a pattern, so it cannot list people.
 */

const fieldsOfType = (type: JobFieldType) => [
  ...new Set(
    Object.values(jobFieldDefs)
      .flat()
      .filter((f) => f.type === type)
      .map((f) => f.name),
  ),
];

/** Where a job keeps each key: its phone and email fields, and the identity number. */
export const subjectFieldNames: SubjectFieldNames = {
  phone: fieldsOfType('phone'),
  email: fieldsOfType('email'),
  nin: ['id_number'],
};

/** A pattern character: refused, so that nobody mistakes the search for a LIKE. */
const wildcard = /[*%?]/;

/** The request's keys, normalized; 400 naming the field of a partial or malformed one. */
export function subjectKeysOf(q: DataSubjectQuery): {
  keys: SubjectKeys;
  searched: DataSubjectKey[];
} {
  const phone = q.phone?.trim() || null;
  const email = q.email?.trim().toLowerCase() || null;
  const nin = q.nin?.replace(/\s+/g, '') || null;
  if (!phone && !email && !nin) {
    throw badRequest('Give a phone number, an email address or a NIN', [
      { field: 'phone', msg: 'phone, email or nin is required' },
    ]);
  }
  for (const [field, value] of [
    ['phone', phone],
    ['email', email],
    ['nin', nin],
  ] as const) {
    if (value && wildcard.test(value)) {
      throw fieldError(field, `${field} must be given in full: no wildcards`);
    }
  }
  if (email && !isEmailAddress(email)) {
    throw fieldError('email', 'email must be a full email address');
  }
  if (nin && !isNin(nin)) throw fieldError('nin', 'nin must be the 11 digits of a NIN');
  const keys = { phone: phone && normalizeNigerianPhone(phone), email, nin };
  const searched = (['phone', 'email', 'nin'] as const).filter((k) => keys[k] !== null);
  return { keys, searched };
}

async function gather(repo: DataRequestsRepository, keys: SubjectKeys, q?: Queryable) {
  const [jobs, applications] = await Promise.all([
    repo.jobs(keys, subjectFieldNames, q),
    repo.applications(keys, q),
  ]);
  const accounts = await repo.accounts(
    keys,
    applications.flatMap((a) => (a.account_id ? [a.account_id] : [])),
    q,
  );
  return { jobs, applications, accounts, accountIds: accounts.map((a) => a.id) };
}

const iso = (d: Date) => new Date(d).toISOString();
const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

/** The summary: what is held, by kind, with ids and counts and no personal field. */
export async function findSubject(
  repo: DataRequestsRepository,
  keys: SubjectKeys,
  searched: DataSubjectKey[],
): Promise<DataSubjectFindings> {
  const found = await gather(repo, keys);
  const [count, newest] = await Promise.all([
    repo.messageCount(found.accountIds),
    repo.messages(found.accountIds, 100),
  ]);
  return {
    searched,
    jobs: found.jobs.map((j) => ({
      id: j.id,
      code: j.code,
      type: j.type,
      status: j.status,
      company_name: j.company_name,
      created_at: iso(j.created_at),
      erasable: isClosedJobStatus(j.status),
      photos: j.photos,
      attachments: j.attachments,
      has_location: j.has_location,
    })),
    agent_applications: found.applications.map((a) => ({
      id: a.id,
      code: a.code,
      status: a.status,
      created_at: iso(a.created_at),
    })),
    accounts: found.accounts.map((a) => ({
      id: a.id,
      code: a.code,
      role: a.role,
      status: a.status,
      created_at: iso(a.created_at),
    })),
    messages: { count, ids: newest.map((m) => m.id) },
  };
}

/** Every field held about the person; files as their names and download links, not inlined. */
export async function exportSubject(
  repo: DataRequestsRepository,
  keys: SubjectKeys,
  searched: DataSubjectKey[],
  now = new Date(),
): Promise<DataSubjectExport> {
  const found = await gather(repo, keys);
  const jobIds = found.jobs.map((j) => j.id);
  const [events, attachments, submissions, photos, messages] = await Promise.all([
    repo.events(jobIds),
    repo.attachments(jobIds),
    repo.submissions(jobIds),
    repo.photos(jobIds),
    repo.messages(found.accountIds, null),
  ]);
  const mine = new Set(found.accountIds);
  return {
    generated_at: iso(now),
    searched,
    jobs: found.jobs.map((j) => {
      const s = submissions.find((x) => x.job_id === j.id);
      return {
        code: j.code,
        type: j.type,
        status: j.status,
        company_name: j.company_name,
        state: j.state,
        lga: j.lga,
        subject_name: j.subject_name,
        fields: j.fields,
        created_at: iso(j.created_at),
        history: events
          .filter((e) => e.job_id === j.id)
          .map((e) => ({
            to_status: e.to_status,
            reason: e.reason,
            created_at: iso(e.created_at),
          })),
        attachments: attachments
          .filter((a) => a.job_id === j.id)
          .map((a) => ({
            file_name: a.file_name,
            content_type: a.content_type,
            size_bytes: a.size_bytes,
            url: `/api/v2/jobs/${j.id}/attachments/${a.id}`,
          })),
        capture: s
          ? {
              received_at: iso(s.received_at),
              captured_at: isoOrNull(s.captured_at),
              lat: s.lat,
              lng: s.lng,
              accuracy_m: s.accuracy_m,
              location_text: s.location_text,
              photos: photos
                .filter((p) => p.job_id === j.id)
                .map((p) => ({
                  kind: p.kind,
                  file_name: p.storage_key.slice(p.storage_key.lastIndexOf('/') + 1),
                  url: `/api/v2/jobs/${j.id}/photos/${p.kind}`,
                })),
              machine_checks: s.checks_status
                ? {
                    status: s.checks_status,
                    checked_at: isoOrNull(s.checked_at),
                    bill_text: s.bill_text,
                    warnings: s.checks_warnings ?? [],
                  }
                : null,
            }
          : null,
      };
    }),
    agent_applications: found.applications.map((a) => ({
      code: a.code,
      status: a.status,
      first_name: a.first_name,
      last_name: a.last_name,
      email: a.email,
      phone: a.phone,
      state: a.state,
      lgas: a.lgas,
      nin: a.nin,
      bank_code: a.bank_code,
      account_number: a.account_number,
      account_name: a.account_name,
      photo_url: a.photo_key ? `/api/v2/agent-applications/${a.id}/photo` : null,
      created_at: iso(a.created_at),
      decided_at: isoOrNull(a.decided_at),
    })),
    accounts: found.accounts.map((a) => ({
      code: a.code,
      role: a.role,
      first_name: a.first_name,
      last_name: a.last_name,
      email: a.email,
      phone: a.phone,
      address: a.address,
      status: a.status,
      created_at: iso(a.created_at),
      last_seen_at: isoOrNull(a.last_seen_at),
      picture_url: a.picture_key ? pictureUrl(a.id) : null,
    })),
    messages: messages.map((m) => ({
      direction: mine.has(m.sender_id) ? ('sent' as const) : ('received' as const),
      other_party: m.other_party,
      subject: m.subject,
      body: m.body,
      created_at: iso(m.created_at),
    })),
  };
}

/**
 * Erases the person in one transaction: their closed jobs as the retention does, their agent
 * applications, their accounts (anonymized, signed out) and their messages' words; each target
 * audited as `data_request.erase`. Jobs still in progress are left and listed. Files are deleted
 * after the commit. Ledger amounts, payouts and audit entries stay: the law keeps them.
 */
export async function eraseSubject(
  deps: {
    db: Db;
    storage: FileStorage;
    dataRequests: DataRequestsRepository;
    audit: AuditRepository;
  },
  keys: SubjectKeys,
  searched: DataSubjectKey[],
  actor: { id: string },
  now = new Date(),
): Promise<DataSubjectErasure> {
  const { erased, keys: files } = await deps.db.transaction(async (tx) => {
    const found = await gather(deps.dataRequests, keys, tx);
    if (found.accountIds.includes(actor.id)) {
      throw conflict('You cannot erase your own account: another administrator must');
    }
    const cause = { action: 'data_request.erase', actorId: actor.id } as const;
    const jobs = await eraseJobs(
      tx,
      found.jobs.map((j) => j.id),
      now,
      cause,
    );
    const appIds = found.applications.map((a) => a.id);
    const applicationFiles = await deps.dataRequests.eraseApplications(appIds, now, tx);
    const messages = await deps.dataRequests.eraseMessages(found.accountIds, tx);
    const accountFiles = await deps.dataRequests.eraseAccounts(found.accountIds, now, tx);
    await deps.dataRequests.eraseMailTo(
      [
        ...new Set([
          ...(keys.email ? [keys.email] : []),
          ...found.accounts.map((a) => a.email.toLowerCase()),
          ...found.applications.map((a) => a.email.toLowerCase()),
        ]),
      ],
      tx,
    );
    const personFiles = [...applicationFiles, ...accountFiles];
    await queueFileDeletions(tx, personFiles);
    const targets = [
      ...found.applications.map((a) => ({ type: 'agent_application', id: a.id, company: null })),
      ...found.accounts.map((a) => ({ type: 'account', id: a.id, company: a.company_id })),
    ];
    for (const t of targets) {
      await deps.audit.record(
        {
          action: cause.action,
          actorId: actor.id,
          companyId: t.company,
          targetType: t.type,
          targetId: t.id,
          outcome: 200,
          detail: { keys: searched },
        },
        tx,
      );
    }
    const open = found.jobs.filter((j) => !isClosedJobStatus(j.status));
    return {
      erased: {
        jobs: jobs.erased.length,
        agent_applications: appIds.length,
        accounts: found.accountIds.length,
        messages,
        open,
      },
      keys: [...jobs.keys, ...personFiles],
    };
  });
  const deleted = await deleteErasedFiles(deps.db, deps.storage, { keys: files });
  return {
    erased: {
      jobs: erased.jobs,
      agent_applications: erased.agent_applications,
      accounts: erased.accounts,
      messages: erased.messages,
      files: deleted,
    },
    not_erased: erased.open.map((j) => ({
      type: 'job' as const,
      id: j.id,
      code: j.code,
      reason: 'job in progress',
    })),
  };
}
