import type { Queryable } from '../db';
import type { Mail, Mailer } from './mailer';
import type { AccountsRepository } from '../repositories/accounts';
import type { CapturesRepository, LinkHolder } from '../repositories/captures';
import type { JobKind } from '../../reference/jobKinds';
import { stateName } from '../../reference/locations';
import { captureLinkGraceDays, type CaptureLinks } from './captureLinks';
import { withoutMetadata } from './images';
import { isoOrNull } from './jobAccess';
import { sha256 } from './secrets';
import type { FileStorage } from './storage';

/**
 * What the agent needs at the door: the subject's name and where to go. The subject's
 * phone, email, ids and the job's ids stay out: the link may be forwarded or overheard.
 */
export function captureJobView(j: {
  code: string;
  type: JobKind;
  subject_name: string;
  state: string;
  lga: string;
  fields: Record<string, string>;
  due_at: Date | null;
}) {
  return {
    code: j.code,
    type: j.type,
    subject_name: j.subject_name,
    address: j.fields.address || j.fields.inspection_address || null,
    landmark: j.fields.landmark || null,
    state: stateName(j.state),
    lga: j.lga,
    due_at: isoOrNull(j.due_at),
  };
}

export interface IssuedLink {
  jobId: string;
  token: string;
  url: string;
  expiresAt: Date;
}

/**
 * New capture links for jobs, revoking their earlier ones (a job has one live link): on
 * assignment to an agent, or when the assignee company asks for one. In the caller's transaction.
 */
export async function issueCaptureLinks(
  deps: { captures: CapturesRepository; captureLinks: CaptureLinks },
  jobIds: string[],
  holder: LinkHolder,
  createdBy: string | null,
  tx: Queryable,
): Promise<IssuedLink[]> {
  await deps.captures.revokeForJobs(jobIds, tx);
  const tokens = jobIds.map((jobId) => ({ jobId, ...deps.captureLinks.newToken() }));
  const expiries = await deps.captures.issue(tokens, holder, createdBy, captureLinkGraceDays, tx);
  return tokens.map((t) => ({
    jobId: t.jobId,
    token: t.token,
    url: deps.captureLinks.url(t.token),
    expiresAt: expiries.get(t.jobId)!,
  }));
}

/**
 * Links for jobs just assigned to an agent, and the mail carrying them, both in the assignment's
 * transaction (the caller flushes the mailer after commit).
 */
export async function linkJobsToAgent(
  deps: {
    captures: CapturesRepository;
    captureLinks: CaptureLinks;
    accounts: AccountsRepository;
    mailer: Mailer;
  },
  jobIds: string[],
  agentId: string,
  assignedBy: string,
  tx: Queryable,
) {
  const links = await issueCaptureLinks(deps, jobIds, { agentId }, assignedBy, tx);
  const agent = await deps.accounts.findById(agentId, tx);
  if (!agent) return links;
  const byId = new Map((await deps.captures.jobsForMail(jobIds, tx)).map((j) => [j.id, j]));
  const described = links
    .map((l) => ({ ...l, job: byId.get(l.jobId)! }))
    .sort((x, y) => x.job.code.localeCompare(y.job.code))
    .map((l) => {
      const address = l.job.fields.address || l.job.fields.inspection_address;
      const place = [address, l.job.lga, stateName(l.job.state)].filter(Boolean).join(', ');
      return { ...l, code: l.job.code, subject_name: l.job.subject_name, place };
    });
  await deps.mailer.enqueue(captureLinksMail(agent, described), tx);
  return links;
}

/** The text carrying one capture link: short enough for one or two SMS parts. */
export const captureLinkSmsText = (code: string, url: string) =>
  `Verification job ${code}: at the address, open this link to take the photos: ${url}`;

const maxLinksInMail = 100;

/** The mail telling an agent about new jobs, one capture link each. */
export function captureLinksMail(
  agent: { email: string; first_name: string },
  links: (IssuedLink & { code: string; subject_name: string; place: string })[],
): Mail {
  const shown = links.slice(0, maxLinksInMail);
  const lines = shown.map((l) => `${l.code} – ${l.subject_name}, ${l.place}\n${l.url}\n`);
  const more =
    links.length > shown.length
      ? `\n…and ${links.length - shown.length} more: open any link above and choose "My jobs".\n`
      : '';
  const n = links.length;
  return {
    to: agent.email,
    subject: n === 1 ? `New verification job ${links[0]!.code}` : `${n} new verification jobs`,
    text:
      `Hello ${agent.first_name},\n\n` +
      `${n === 1 ? 'A verification job was' : `${n} verification jobs were`} assigned to you. ` +
      'At the address, open the link on your phone to take the photos and send your location:\n\n' +
      lines.join('\n') +
      more +
      '\nEach link works until its job is submitted, cancelled or reassigned. Any of your links ' +
      'also shows all your open jobs.',
  };
}

/**
 * Stores a capture photo as the evidence keeps it: served without EXIF (camera, GPS), since the
 * location is the lat/lng the wizard sent, while the record keeps the hash and size of what the
 * agent sent (duplicate checks compare that hash). The file is returned for clean-up on failure.
 */
export async function storeCapturePhoto(storage: FileStorage, jobId: string, data: Buffer) {
  const served = await withoutMetadata(data, 'jpeg');
  const file = await storage.put(served, `captures/${jobId}`, '.jpg');
  return { file, storage_key: file.key, sha256: sha256(data), size_bytes: data.length };
}
