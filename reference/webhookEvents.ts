import type { JobStatus } from './jobStatuses';

/**
 * The events a webhook endpoint may subscribe to: the server publishes them, the API's schema
 * and the web app's checkboxes read this one list.
 */
export const webhookEventTypes = [
  'job.created',
  'job.assigned',
  'job.accepted',
  'job.declined',
  'job.submitted',
  'job.approved',
  'job.rejected',
  'job.cancelled',
  'job.overdue',
  // The machine checks of a submission are done (services/checks/runner.ts).
  'job.checked',
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The statuses a written move leaves a job in, and the event each one publishes. */
export const webhookEventOfStatus = {
  assigned: 'job.assigned',
  accepted: 'job.accepted',
  declined: 'job.declined',
  submitted: 'job.submitted',
  approved: 'job.approved',
  rejected: 'job.rejected',
  cancelled: 'job.cancelled',
} as const satisfies Partial<Record<JobStatus, WebhookEventType>>;
