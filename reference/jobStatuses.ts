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
