import type { JobKind } from '../../../reference/jobKinds';

import { jobStatuses, type JobStatus, type JobWireAction } from '../../../reference/jobStatuses';
import type { PhotoKind } from '../../../reference/photoKinds';

/** The job as the API answers it (server/schemas/jobs.ts); statuses and kinds from reference/. */
export { jobStatuses, type JobStatus };

/** The actions the API offers on a job (`actions`). */
export type JobAction = JobWireAction;
export type AssigneeType = 'company' | 'agent';

export interface Job {
  id: string;
  code: string;
  type: JobKind;
  status: JobStatus;
  company_id: string;
  company_name: string | null;
  state: string;
  lga: string;
  subject_name: string;
  fields: Record<string, string>;
  assignee_type: AssigneeType | null;
  assignee_id: string | null;
  assignee_name: string | null;
  assigned_at: string | null;
  due_at: string | null;
  overdue: boolean;
  price: number | null;
  fee: number | null;
  rating: number | null;
  created_at: string;
  updated_at: string;
}

export interface JobEvent {
  id: number;
  actor_id: string | null;
  actor_name: string | null;
  from_status: JobStatus | null;
  to_status: JobStatus;
  reason: string | null;
  created_at: string;
}

export interface JobAttachment {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  created_at: string;
}

/** `GET /job/detail/{id}`: the job profile. */
export interface JobDetail extends Job {
  events: JobEvent[];
  attachments: JobAttachment[];
  /** What this user may do with the job now. */
  actions: JobAction[];
  /** The capture link and the submitted evidence (server/schemas/capture.ts). */
  capture?: CaptureInfo;
}

export type { PhotoKind };

export type CaptureWarningCode =
  'no_gps' | 'low_accuracy' | 'duplicate_photo' | 'similar_photo' | 'device_time_skew';

export interface CaptureWarning {
  code: CaptureWarningCode;
  message: string;
  photo_kind?: PhotoKind;
  /** Only when the viewer may see that other job. */
  other_job_code?: string;
}

export interface CapturePhoto {
  kind: PhotoKind;
  /** `GET` with the bearer token: the JPEG. */
  url: string;
  sha256: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
}

export interface CaptureSubmission {
  received_at: string;
  captured_at: string | null;
  lat: number | null;
  lng: number | null;
  accuracy_m: number | null;
  no_gps: boolean;
  location_text: string | null;
  photos: CapturePhoto[];
  warnings: CaptureWarning[];
}

export interface CaptureLink {
  /** Null when the link can no longer be shown: create a new one. */
  url: string | null;
  created_at: string;
  expires_at: string;
}

export interface CaptureInfo {
  /** A live capture link exists for the job. */
  has_link: boolean;
  /** The live link, for provider staff and the assignee company only. */
  link: CaptureLink | null;
  submission: CaptureSubmission | null;
}

/** `POST /job/{id}/capture-link` → 201. */
export interface CaptureLinkCreated {
  url: string;
  token: string;
  expires_at: string;
}

/** Spec §3 "Assignee", as `GET /job/fetch-assignees/{type}` lists them. */
export type { Assignee, PriceQuote } from '../../../server/schemas/jobs';

export type StatusCounts = Record<JobStatus, number> & { overdue: number; total: number };

/** `GET /job/summary/counts`. */
export interface SummaryCounts extends StatusCounts {
  created_per_day: Array<{ date: string; count: number }>;
}

/** A page of 25 jobs (`/job/get-company-job-by-assigner`, `/job/company-job/counts`). */
export interface JobPage {
  data: Job[];
  total: number;
  page: number;
}

export interface CompanyCounts extends JobPage {
  counts: StatusCounts;
}

/** One bad row of a bulk file (`POST /job/upload` 400); `row` counts data rows from 1. */
export interface UploadRowError {
  row: number;
  field: string;
  msg: string;
}
