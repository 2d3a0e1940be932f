import type { JobStatus } from './types';

/**
 * One colour per job status, the one place both its chip and the dashboard's charts read. Each
 * carries white text at 4.5:1 or more (WCAG AA): pending 5.93, assigned 5.75, accepted 6.61,
 * declined 6.97, submitted 9.39, approved 5.13, rejected 5.62, cancelled 6.19.
 */
export const jobStatusColors: Record<JobStatus, string> = {
  pending: '#8a5a00', // amber: waiting for an assignee
  assigned: '#1565c0', // blue
  accepted: '#00695c', // teal
  declined: '#ad1457', // pink: to assign again
  submitted: '#6a1b9a', // purple: awaiting review
  approved: '#2e7d32', // green
  rejected: '#c62828', // red
  cancelled: '#616161', // grey
};

/** The text on a status colour. */
export const jobStatusTextColor = '#ffffff';
