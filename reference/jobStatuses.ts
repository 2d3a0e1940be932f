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
