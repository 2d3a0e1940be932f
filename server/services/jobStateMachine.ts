import {
  jobStatuses,
  openJobStatuses,
  type JobAction,
  type JobStatus,
} from '../../reference/jobStatuses';
import { conflict } from '../errors';

export { jobStatuses, type JobAction, type JobStatus };

/** DESIGN §3: which status each action may start from, and where it leads. */
const transitions: Record<JobAction, { from: readonly JobStatus[]; to: JobStatus }> = {
  assign: { from: ['pending', 'assigned', 'declined'], to: 'assigned' },
  accept: { from: ['assigned'], to: 'accepted' },
  decline: { from: ['assigned'], to: 'declined' },
  // The provider takes a job back from an agent it deactivated, to assign it again.
  withdraw: { from: openJobStatuses, to: 'declined' },
  submit: { from: ['accepted'], to: 'submitted' }, // capture accepts an assigned job first
  approve: { from: ['submitted'], to: 'approved' },
  reject: { from: ['submitted'], to: 'rejected' },
  cancel: { from: ['pending', ...openJobStatuses, 'declined'], to: 'cancelled' },
};

/** The statuses `action` may start from. */
export const movableFrom = (action: JobAction) => transitions[action].from;

export const canMove = (status: JobStatus, action: JobAction) =>
  transitions[action].from.includes(status);

/** The status after `action`, or a 409 naming the current status. */
export function nextStatus(status: JobStatus, action: JobAction, code?: string): JobStatus {
  if (!canMove(status, action)) {
    throw conflict(`Cannot ${action} ${code ?? 'this job'}: it is ${status}`);
  }
  return transitions[action].to;
}
