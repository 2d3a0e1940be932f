import { http, HttpResponse } from 'msw';
import type {
  Assignee,
  CompanyCounts,
  Job,
  JobDetail,
  StatusCounts,
  SummaryCounts,
} from '../../../src/resources/jobs/types';

/** Jobs, profiles and counts as the API answers them (typed by server/schemas/jobs.ts). */

export const jobId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeJob(n: number, overrides: Partial<Job> = {}): Job {
  return {
    id: jobId(n),
    code: `JOB-${String(n).padStart(6, '0')}`,
    type: 'address',
    status: 'pending',
    company_id: 'c0000000-0000-4000-8000-000000000001',
    company_name: 'Lagos Freight Ltd',
    state: 'lagos',
    lga: 'Ikeja',
    subject_name: `Chidi Okeke ${n}`,
    fields: {
      first_name: 'Chidi',
      last_name: 'Okeke',
      phone: '+2348031234567',
      email: 'chidi.okeke@example.ng',
      address: '12 Allen Avenue',
      landmark: 'Opposite the filling station',
    },
    personal_hidden: false,
    assignee_type: null,
    assignee_id: null,
    assignee_name: null,
    assigned_at: null,
    due_at: null,
    overdue: false,
    price: null,
    fee: null,
    rating: null,
    created_at: '2025-03-04T10:00:00.000Z',
    updated_at: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function makeJobDetail(n: number, overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    ...makeJob(n),
    events: [],
    attachments: [],
    actions: [],
    erased_at: null,
    capture: { has_link: false, sms: null, link: null, submission: null },
    ...overrides,
  };
}

export const zeroCounts: StatusCounts = {
  pending: 0,
  assigned: 0,
  accepted: 0,
  declined: 0,
  submitted: 0,
  approved: 0,
  rejected: 0,
  cancelled: 0,
  overdue: 0,
  total: 0,
};

export const emptySummary: SummaryCounts = {
  ...zeroCounts,
  created_per_day: Array.from({ length: 30 }, (_, i) => ({
    date: `2025-03-${String(i + 1).padStart(2, '0')}`,
    count: 0,
  })),
};

export const companyAssignees: Assignee[] = [
  {
    id: 'c0000000-0000-4000-8000-000000000002',
    company_name: 'Abuja Checks Ltd',
    full_name: 'Abuja Checks Ltd',
    first_name: 'Abuja Checks Ltd',
    last_name: '',
    name: 'Abuja Checks Ltd',
    code: 'CMP-000002',
    state: 'abuja',
    created_time: '2024-11-02T09:00:00.000Z',
    total_ratings: 4,
  },
  {
    id: 'c0000000-0000-4000-8000-000000000003',
    company_name: 'Kano Verify',
    full_name: 'Kano Verify',
    first_name: 'Kano Verify',
    last_name: '',
    name: 'Kano Verify',
    code: 'CMP-000003',
    state: null,
    created_time: '2025-01-15T09:00:00.000Z',
    total_ratings: 2.5,
  },
];

export const agentAssignees: Assignee[] = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    company_name: null,
    full_name: 'Emeka Obi',
    first_name: 'Emeka',
    last_name: 'Obi',
    name: 'Emeka Obi',
    code: 'AGT-000004',
    state: null,
    created_time: '2025-02-01T09:00:00.000Z',
    total_ratings: 0,
  },
];

/** A `GET /jobs` answer in ra-data-simple-rest form. */
/** A page of `GET /jobs`; a total of '*' is one the server did not count (a broad search). */
export const jobsPage = (jobs: Job[], total: number | '*' = jobs.length, first = 0) =>
  HttpResponse.json(jobs, {
    headers: {
      'Content-Range': `jobs ${first}-${first + Math.max(jobs.length - 1, 0)}/${total}`,
      'Access-Control-Expose-Headers': 'Content-Range',
    },
  });

/** The `filter` query parameter of a list call, parsed. */
export const filterOf = (request: Request) =>
  JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as Record<string, unknown>;

/**
 * What every signed-in page may ask in the background (the dashboard's counts and short lists):
 * empty answers unless a test says otherwise.
 */
export const backgroundHandlers = [
  http.get('/api/v2/job/summary/counts', () => HttpResponse.json(emptySummary)),
  http.get('/api/v2/job/company-job/counts', () =>
    HttpResponse.json({ counts: zeroCounts, data: [], total: 0, page: 1 } satisfies CompanyCounts),
  ),
  http.get('/api/v2/jobs', () => jobsPage([])),
];
