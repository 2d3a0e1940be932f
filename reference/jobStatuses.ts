/** Job statuses, lower case on the wire (DESIGN §3); the server's state machine moves between them. */
export const jobStatuses = [
  'pending',
  'assigned',
  'accepted',
  'declined',
  'submitted',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Open: with an assignee that has not submitted yet. An open job's capture link works and it is
 * overdue once past its due time.
 */
export const openJobStatuses = ['assigned', 'accepted'] as const satisfies readonly JobStatus[];
export type OpenJobStatus = (typeof openJobStatuses)[number];
export const isOpenJobStatus = (status: string): status is OpenJobStatus =>
  openJobStatuses.includes(status as OpenJobStatus);

/**
 * Nobody works towards a deadline on these: the assignee declined or the owner cancelled. The
 * job keeps its last due time in the database, but shows none and is never overdue.
 */
export const deadlineDroppedStatuses = [
  'declined',
  'cancelled',
] as const satisfies readonly JobStatus[];
export const hasDeadline = (status: JobStatus) =>
  !(deadlineDroppedStatuses as readonly JobStatus[]).includes(status);

/**
 * Closed: no action leads out of these (the server's state machine), so the job's story is over
 * and its personal data is erased after RETENTION_DAYS. A declined job can still be assigned
 * again; a submitted one still awaits review.
 */
export const closedJobStatuses = [
  'approved',
  'rejected',
  'cancelled',
] as const satisfies readonly JobStatus[];
export type ClosedJobStatus = (typeof closedJobStatuses)[number];
export const isClosedJobStatus = (status: string): status is ClosedJobStatus =>
  closedJobStatuses.includes(status as ClosedJobStatus);

/** What moves a job from one status to another (the server's state machine says from where to where). */
export const jobActions = [
  'assign',
  'accept',
  'decline',
  'withdraw',
  'submit',
  'approve',
  'reject',
  'cancel',
] as const;
export type JobAction = (typeof jobActions)[number];

/**
 * The actions a user may be offered on a job, in the order its profile shows them: not withdraw
 * (deactivating an agent does it) nor submit (the capture does it).
 */
export const jobWireActions = [
  'assign',
  'accept',
  'decline',
  'approve',
  'reject',
  'cancel',
] as const satisfies readonly JobAction[];
export type JobWireAction = (typeof jobWireActions)[number];
