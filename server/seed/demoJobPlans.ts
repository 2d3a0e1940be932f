import { jobKinds, type JobKind } from '../../reference/jobKinds';
import { validateJobFields, type ValidJobFields } from '../../reference/jobFields';
import { isOpenJobStatus } from '../../reference/jobStatuses';
import type { JobAction, JobStatus } from '../services/jobStateMachine';
import { demoAccount } from './demoAccounts';
import { accountByEmail, type DemoCompany, type DemoContext } from './demoContext';
import {
  businessNames,
  demoPlaces,
  firstNames,
  lastNames,
  products,
  type DemoPlace,
} from './demoPlaces';
import type { DemoRandom } from './demoRandom';
import { tatTerms } from './demoTats';

export interface DemoAssignee {
  type: 'company' | 'agent';
  id: string;
  name: string;
}

/** One move of a job's story: who made it, why, and how long after the previous one. */
export interface PlannedStep {
  action: JobAction;
  reason?: string;
  actorId: string | null;
  /** Set on `assign`: to whom. */
  assignee?: DemoAssignee;
  afterHours: number;
}

/** A demo job: what it is, whose, where, and its story up to its status. */
export interface DemoJobPlan {
  kind: JobKind;
  status: JobStatus;
  owner: DemoCompany;
  place: DemoPlace;
  job: ValidJobFields;
  steps: PlannedStep[];
  rating: number | null;
  /** Hours between the last move (or creation) and now. */
  lastAgeHours: number;
  withAttachment: boolean;
}

/** How many jobs of each status: every status, mostly finished work, as in a running business. */
export const demoStatusMix: Record<JobStatus, number> = {
  pending: 10,
  assigned: 9,
  accepted: 8,
  declined: 5,
  submitted: 7,
  approved: 20,
  rejected: 5,
  cancelled: 8,
};

/** Address checks are the most common. */
const commonKinds: readonly JobKind[] = [...jobKinds, 'address', 'address'];

/** Of the assigned and of the accepted jobs, this many are past their deadline. */
const overduePerStatus = 2;

const declineReasons = [
  'The address is outside our coverage area',
  'No field officer available in this LGA this week',
  'The subject could not be reached on the phone number given',
];
const rejectReasons = [
  'The name on the utility bill does not match the subject',
  'The house photo does not show the house number',
  'The selfie was taken indoors, not at the address',
];
const cancelReasons = [
  'The customer withdrew the loan application',
  'Duplicate request: verified under another job',
  'The customer asked to stop the verification',
];

const weightedPlace = (r: DemoRandom) => {
  let n = r.between(
    0,
    demoPlaces.reduce((s, p) => s + p.weight, 0),
  );
  for (const p of demoPlaces) if ((n -= p.weight) < 0) return p;
  return demoPlaces[0]!;
};

function fieldsFor(r: DemoRandom, kind: JobKind, place: DemoPlace, lga: string) {
  const phone = () => `080${r.int(3, 9)}${r.int(1_000_000, 9_999_999)}`;
  const person = () => ({ first: r.pick(firstNames), last: r.pick(lastNames) });
  const address = `${r.int(1, 120)} ${r.pick(place.streets)}`;
  const contact = person();
  const contactFields = {
    contact_name: `${contact.first} ${contact.last}`,
    contact_phone: phone(),
    contact_email: `${contact.first}.${contact.last}@gmail.com`.toLowerCase(),
  };
  const where = { state: place.state, lga };
  switch (kind) {
    case 'address': {
      const p = person();
      const id = r.pick(['nin', 'bvn', 'voters_card', 'drivers_licence', '']);
      return {
        first_name: p.first,
        last_name: p.last,
        phone: phone(),
        email: `${p.first}.${p.last}${r.int(1, 99)}@yahoo.com`.toLowerCase(),
        address,
        landmark: r.pick(place.landmarks),
        ...where,
        ...(id
          ? {
              id_type: id,
              id_number: ['nin', 'bvn'].includes(id)
                ? String(r.int(10_000_000_000, 99_999_999_999))
                : `${place.state.slice(0, 2).toUpperCase()}${r.int(100_000, 999_999)}`,
            }
          : {}),
      };
    }
    case 'business_address':
      return {
        business_name: r.pick(businessNames),
        cac_number: `BN${r.int(1_000_000, 3_999_999)}`,
        address,
        landmark: r.pick(place.landmarks),
        ...where,
        ...contactFields,
      };
    case 'business':
      return {
        business_name: r.pick(businessNames),
        cac_number: `RC${r.int(100_000, 1_999_999)}`,
        cac_type: 'RC',
        address,
        ...where,
        ...contactFields,
      };
    case 'product':
      return {
        ...r.pick(products),
        nafdac_number: `${r.pick(['A1', 'B1', '01', 'A7'])}-${r.int(1000, 9999)}`,
        batch_number: `B${r.int(2024, 2025)}-${String(r.int(1, 12)).padStart(2, '0')}`,
        inspection_address: `${address} (warehouse)`,
        ...where,
        ...contactFields,
      };
  }
}

/** The steps from pending to `status`, with who did each and when. */
function storyOf(
  r: DemoRandom,
  ctx: DemoContext,
  agents: DemoAssignee[],
  status: JobStatus,
  owner: DemoCompany,
  hours: number,
): { steps: PlannedStep[]; rating: number | null } {
  const admin = accountByEmail(ctx, demoAccount('admin').email).id;
  const subAdmin = accountByEmail(ctx, demoAccount('sub-admin').email).id;
  const partners = ctx.companies.filter((c) => c.kind === 'partner');
  const partnerAssignee = (p: DemoCompany): DemoAssignee => ({
    type: 'company',
    id: p.id,
    name: p.name,
  });
  // Agents do not sign in, so only companies decline; the provider alone assigns to agents.
  const mayUseAgent = agents.length > 0 && status !== 'declined' && r.chance(0.45);
  const finalAssignee = mayUseAgent ? r.pick(agents) : partnerAssignee(r.pick(partners));
  const assigner = (a: DemoAssignee) =>
    a.type === 'agent' ? admin : r.pick([admin, admin, subAdmin, owner.ownerId]);
  const assign = (a: DemoAssignee, afterHours = r.between(1, 20)): PlannedStep => ({
    action: 'assign',
    reason: `Assigned to ${a.name}`,
    actorId: assigner(a),
    assignee: a,
    afterHours,
  });
  const assigneeActor = (a: DemoAssignee) =>
    a.type === 'agent' ? a.id : partners.find((p) => p.id === a.id)!.ownerId;
  const decline = (a: DemoAssignee): PlannedStep => ({
    action: 'decline',
    reason: r.pick(declineReasons),
    actorId: assigneeActor(a),
    afterHours: r.between(1, 10),
  });

  if (status === 'pending') return { steps: [], rating: null };
  if (status === 'cancelled') {
    const cancel: PlannedStep = {
      action: 'cancel',
      reason: r.pick(cancelReasons),
      actorId: owner.ownerId,
      afterHours: r.between(2, 72),
    };
    const how = r.int(0, 3);
    const partner = partnerAssignee(r.pick(partners));
    if (how <= 1) return { steps: [cancel], rating: null };
    if (how === 2) return { steps: [assign(partner), cancel], rating: null };
    return { steps: [assign(partner), decline(partner), cancel], rating: null };
  }

  const steps: PlannedStep[] = [];
  // Now and then the first partner declines and the job goes to the other one.
  const other = partners.find((p) => p.id !== finalAssignee.id);
  if (status !== 'assigned' && status !== 'declined' && other && r.chance(0.15)) {
    steps.push(assign(partnerAssignee(other)), decline(partnerAssignee(other)));
  }
  steps.push(assign(finalAssignee, steps.length ? r.between(1, 6) : undefined));
  if (status === 'assigned') return { steps, rating: null };
  if (status === 'declined') return { steps: [...steps, decline(finalAssignee)], rating: null };

  const byAgent = finalAssignee.type === 'agent';
  steps.push({
    action: 'accept',
    reason: byAgent ? 'Accepted by opening the capture link' : undefined,
    actorId: assigneeActor(finalAssignee),
    afterHours: r.between(0.5, 8),
  });
  if (status === 'accepted') return { steps, rating: null };

  steps.push({
    action: 'submit',
    reason: 'Evidence submitted through the capture link',
    // A partner's link names nobody (its field worker does not sign in).
    actorId: byAgent ? finalAssignee.id : null,
    afterHours: hours * r.between(0.15, 0.85),
  });
  if (status === 'submitted') return { steps, rating: null };

  const reviewer = r.chance(0.6) ? admin : owner.ownerId;
  if (status === 'approved') {
    steps.push({ action: 'approve', actorId: reviewer, afterHours: r.between(2, 40) });
    return { steps, rating: r.pick([3, 4, 4, 5, 5, 5]) };
  }
  steps.push({
    action: 'reject',
    reason: r.pick(rejectReasons),
    actorId: reviewer,
    afterHours: r.between(2, 40),
  });
  return { steps, rating: r.pick([1, 2, 2]) };
}

/** How long ago the last move happened, by status (finished work is older). */
function lastAgeHours(
  r: DemoRandom,
  status: JobStatus,
  steps: PlannedStep[],
  tat: number,
  overdue: boolean,
) {
  if (overdue) return tat + r.between(6, 200);
  switch (status) {
    case 'pending':
      return r.between(1, 240);
    case 'assigned':
      return r.between(0.5, tat * 0.7);
    case 'accepted':
      // The assignment, one step earlier, is still within the TAT.
      return r.between(0.5, tat * 0.7 - steps.at(-1)!.afterHours);
    case 'declined':
      return r.between(4, 900);
    case 'submitted':
      return r.between(1, 96);
    case 'cancelled':
      return r.between(12, 2500);
    default:
      return r.between(72, 2700);
  }
}

/**
 * The demo's jobs: every kind in every status, for the client companies, across the states;
 * some of them assigned to `agents` when there are any.
 */
export function planDemoJobs(ctx: DemoContext, agents: DemoAssignee[]): DemoJobPlan[] {
  const r = ctx.random;
  const clients = ctx.companies.filter((c) => c.kind === 'client');
  const plans: DemoJobPlan[] = [];
  for (const [status, n] of Object.entries(demoStatusMix) as [JobStatus, number][]) {
    for (let i = 0; i < n; i++) {
      // The first four of each status cover the four kinds; address checks are the most common.
      const kind: JobKind = i < jobKinds.length ? jobKinds[i]! : r.pick(commonKinds);
      const owner = r.chance(0.45) ? clients[0]! : r.pick(clients);
      const place = weightedPlace(r);
      const lga = r.pick(place.lgas);
      const checked = validateJobFields(kind, fieldsFor(r, kind, place, lga));
      if (!checked.ok) throw new Error(`demo job fields: ${JSON.stringify(checked.errors)}`);
      const tat = tatTerms(place.state, kind).hours;
      const { steps, rating } = storyOf(r, ctx, agents, status, owner, tat);
      const overdue = isOpenJobStatus(status) && i < overduePerStatus;
      plans.push({
        kind,
        status,
        owner,
        place,
        job: checked.value,
        steps,
        rating,
        lastAgeHours: lastAgeHours(r, status, steps, tat, overdue),
        withAttachment: i % 6 === 1,
      });
    }
  }
  return plans;
}
