import type { JobKind } from '../../../reference/jobKinds';
import type { Claim } from './types';

/**
 * What a job claims, as the checks compare it: the bill's holder is the subject (the person, the
 * business), or for a product inspection the contact at the place; the address is the one to
 * visit. The demo draws its bills from this too.
 */
export function claimOf(job: {
  kind: JobKind;
  subject_name: string;
  fields: Record<string, string>;
  state: string;
  lga: string;
}): Claim {
  const f = job.fields;
  return {
    subjectName: job.kind === 'product' ? (f.contact_name ?? job.subject_name) : job.subject_name,
    address: f.address ?? f.inspection_address ?? null,
    stateAlias: job.state,
    lga: job.lga,
  };
}
