import type { FastifyInstance } from 'fastify';
import type { AccountRow } from '../../repositories/accounts';
import type { JobRow } from '../../repositories/jobs';
import type { CaptureChecksRow } from '../../repositories/captureChecks';
import type { PhotoMatchRow } from '../../repositories/captures';
import type { CaptureChecks } from '../../schemas/captureChecks';
import { captureWarnings, similarPhotoWindowDays } from '../../services/captureWarnings';
import { iso, isAdminArea, isoOrNull, jobScopeOf } from '../../services/jobAccess';
import { similarPhotoMaxDistance } from '../../services/perceptualHash';
import { smsView } from '../../services/sms';

/** Provider staff and the company the job is assigned to see its capture link (and may send it). */
export const seesCaptureLink = (
  account: AccountRow,
  job: Pick<JobRow, 'assignee_type' | 'assignee_id'>,
) =>
  isAdminArea(account) ||
  (job.assignee_type === 'company' &&
    account.company_id !== null &&
    account.company_id === job.assignee_id);

/** The machine checks as the job profile shows them (their warnings go with the others). */
export function checksView(c: CaptureChecksRow): CaptureChecks {
  return {
    status: c.status,
    queued_at: iso(c.queued_at),
    checked_at: isoOrNull(c.finished_at),
    ...(c.bill ? { bill: c.bill } : {}),
    ...(c.place ? { place: c.place } : {}),
    ...(c.face ? { face: c.face } : {}),
    failed_parts: c.failed_parts,
  };
}

/**
 * The capture part of the job profile, for a user who may see the job: whether a live link
 * exists (the link itself for provider staff and the assignee company), the submission with
 * its photos' URLs and the reviewer's warnings (its own, then the machine checks'), and the
 * machine checks.
 */
export async function captureDetail(app: FastifyInstance, account: AccountRow, job: JobRow) {
  const { captures } = app.repos;
  const seesLink = seesCaptureLink(account, job);
  const [live, submission, lastSms] = await Promise.all([
    captures.liveLink(job.id),
    captures.submission(job.id),
    seesLink ? app.sms.lastForJob(job.id) : null,
  ]);
  const link =
    live && seesLink
      ? {
          url: (() => {
            const token = app.captureLinks.open(live.token_sealed);
            return token ? app.captureLinks.url(token) : null;
          })(),
          created_at: iso(live.created_at),
          expires_at: iso(live.expires_at),
          loopback_public_url: app.captureLinks.loopbackPublicUrl,
        }
      : null;
  const sms = lastSms ? smsView(lastSms) : null;
  if (!submission) return { has_link: Boolean(live), sms, link, submission: null, checks: null };

  const [photos, matches, checks] = await Promise.all([
    captures.photos(job.id),
    captures.photoMatches(job.id, similarPhotoMaxDistance, similarPhotoWindowDays),
    app.repos.captureChecks.forJob(job.id),
  ]);
  const scope = jobScopeOf(account);
  const mayKnow = (m: PhotoMatchRow) =>
    scope.kind === 'all' ||
    (scope.kind === 'company' &&
      (m.other_company_id === scope.companyId ||
        m.other_assignee_company_id === scope.companyId)) ||
    (scope.kind === 'agent' && m.other_assignee_agent_id === scope.agentId);
  return {
    has_link: Boolean(live),
    sms,
    link,
    submission: {
      received_at: iso(submission.received_at),
      captured_at: isoOrNull(submission.captured_at),
      lat: submission.lat,
      lng: submission.lng,
      accuracy_m: submission.accuracy_m,
      no_gps: submission.no_gps,
      location_text: submission.location_text,
      photos: photos.map((p) => ({
        kind: p.kind,
        url: `/api/v2/jobs/${job.id}/photos/${p.kind}`,
        sha256: p.sha256,
        size_bytes: p.size_bytes,
        width: p.width,
        height: p.height,
      })),
      warnings: [...captureWarnings(submission, matches, mayKnow), ...(checks?.warnings ?? [])],
    },
    checks: checks ? checksView(checks) : null,
  };
}
