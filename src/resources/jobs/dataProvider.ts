import type { JobKind } from '../../../reference/jobKinds';
import type { ResourcePart } from '../../dataProvider/resourcePart';
import {
  apiJson,
  apiUrl,
  fetchBlob,
  postFormWithProgress,
  type UploadProgress,
} from '../../httpClient/httpClient';
import type {
  Assignee,
  AssigneeType,
  CaptureChecks,
  CaptureLinkCreated,
  CaptureLinkSms,
  CompanyCounts,
  Job,
  JobDetail,
  JobPage,
  JobStatus,
  PhotoKind,
  PriceQuote,
  SummaryCounts,
} from './types';

const json = apiJson;

const enc = encodeURIComponent;

/** Optional reason: sent only when the user wrote one. */
const withReason = (reason?: string) => (reason?.trim() ? { reason: reason.trim() } : {});

export interface CreateJobInput {
  type: JobKind;
  /** The owner company: admins name it, company users leave it out. */
  company_id?: string;
  /** The kind's fields by wire name (shared definitions); empty ones are left out. */
  fields: Record<string, string>;
  attachments?: File[];
}

export interface UploadJobsInput {
  type: JobKind;
  company_id?: string;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
}

/** The calls of the jobs feature that are not CRUD (spec §7 "Job"), spread on the dataProvider. */
export const jobsApi = {
  /** `PATCH /job/assign/{type}/{id}` `{list}`: all the jobs or none. */
  assignJobs: ({
    type,
    assigneeId,
    jobIds,
  }: {
    type: AssigneeType;
    assigneeId: string;
    jobIds: string[];
  }) =>
    json<{ message: string; data: Job[] }>(`/job/assign/${enc(type)}/${enc(assigneeId)}`, {
      method: 'PATCH',
      body: { list: jobIds },
    }),

  /** A reviewer has the submission checked again: `POST /jobs/{id}/checks` (202, pending). */
  checkJobAgain: ({ jobId }: { jobId: string }) =>
    json<CaptureChecks>(`/jobs/${enc(jobId)}/checks`, { method: 'POST' }),

  /** The assignee accepts: `PATCH /job/update-status/accept` `{jobId, reason?}`. */
  acceptJob: ({ jobId, reason }: { jobId: string; reason?: string }) =>
    json<Job>('/job/update-status/accept', {
      method: 'PATCH',
      body: { jobId, ...withReason(reason) },
    }),

  /** The assignee declines: `PATCH /job/update-status/reject` `{jobId, reason?}`. */
  rejectJob: ({ jobId, reason }: { jobId: string; reason?: string }) =>
    json<Job>('/job/update-status/reject', {
      method: 'PATCH',
      body: { jobId, ...withReason(reason) },
    }),

  /** Owner or admin reviews a submitted job: `PUT /job/appove-or-reject/{id}/{type}` (sic). */
  reviewJob: ({
    id,
    decision,
    reason,
    rating,
  }: {
    id: string;
    decision: 'approve' | 'reject';
    reason?: string;
    rating?: number | null;
  }) =>
    json<Job>(`/job/appove-or-reject/${enc(id)}/${decision}`, {
      method: 'PUT',
      body: { ...withReason(reason), ...(rating ? { rating } : {}) },
    }),

  /** The owner cancels before submission: `POST /job/{id}/cancel` `{reason?}`. */
  cancelJob: ({ id, reason }: { id: string; reason?: string }) =>
    json<Job>(`/job/${enc(id)}/cancel`, { method: 'POST', body: withReason(reason) }),

  /** One job of any kind: `POST /job/create-address`, multipart with optional attachments. */
  createJob: ({ type, company_id, fields, attachments = [] }: CreateJobInput) => {
    const form = new FormData();
    form.append('type', type);
    if (company_id) form.append('company_id', company_id);
    for (const [name, value] of Object.entries(fields)) {
      if (value.trim()) form.append(name, value.trim());
    }
    for (const file of attachments) form.append('attachments', file, file.name);
    return json<Job>('/job/create-address', { method: 'POST', body: form });
  },

  /**
   * Bulk creation: `POST /job/upload`, multipart with the file and the kind, through
   * XMLHttpRequest so that the screen can show the upload's progress. Resolves to `{created}`;
   * a file with bad rows rejects with a 400 whose body lists them (`errors:[{row, field, msg}]`).
   */
  uploadJobs: ({ type, company_id, file, onProgress }: UploadJobsInput) => {
    const form = new FormData();
    form.append('type', type);
    if (company_id) form.append('company_id', company_id);
    form.append('file', file, file.name);
    return postFormWithProgress<{ created: number }>(`${apiUrl}/job/upload`, form, onProgress);
  },

  /** The CSV template of a kind (`GET /job/upload/template/{type}`). */
  getJobTemplate: (type: JobKind) => fetchBlob(`${apiUrl}/job/upload/template/${enc(type)}`),

  /**
   * A new capture link for an assigned or accepted job (`POST /job/{id}/capture-link` → 201):
   * the previous link stops working.
   */
  createCaptureLink: ({ id }: { id: string }) =>
    json<CaptureLinkCreated>(`/job/${enc(id)}/capture-link`, { method: 'POST' }),

  /**
   * Sends the job's live capture link by SMS (`POST /job/{id}/capture-link/sms` → 202): to
   * `phone`, or without it to the assigned agent's phone.
   */
  sendCaptureLinkSms: ({ id, phone }: { id: string; phone?: string }) =>
    json<CaptureLinkSms>(`/job/${enc(id)}/capture-link/sms`, {
      method: 'POST',
      body: phone ? { phone } : {},
    }),

  /** A photo of the submitted evidence as a Blob, fetched with the bearer token. */
  getJobPhoto: ({ jobId, kind }: { jobId: string; kind: PhotoKind }) =>
    fetchBlob(`${apiUrl}/jobs/${enc(jobId)}/photos/${enc(kind)}`, { accept: 'image/jpeg' }),

  /** A file attached at creation as a Blob, fetched with the bearer token. */
  getJobAttachment: ({ jobId, attachmentId }: { jobId: string; attachmentId: string }) =>
    fetchBlob(`${apiUrl}/jobs/${enc(jobId)}/attachments/${enc(attachmentId)}`, { accept: '*/*' }),

  /** What new jobs of a kind would cost, so many per state (no balance: `GET /job/price`). */
  quoteJobs: ({
    type,
    jobs,
  }: {
    type: JobKind;
    jobs: readonly { state: string; count: number }[];
  }) => {
    const query = new URLSearchParams({ type });
    for (const { state, count } of jobs) {
      query.append('state', state);
      query.append('count', String(count));
    }
    return json<PriceQuote>(`/job/price?${query.toString()}`);
  },

  /**
   * What the jobs of a bulk file would cost (`POST /job/price/file`, the upload's form): the
   * server reads the file as the upload will and counts its rows per state. A file the upload
   * would refuse rejects with the same 400.
   */
  quoteJobFile: ({ type, file }: { type: JobKind; file: File }) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, file.name);
    return json<PriceQuote>('/job/price/file', { method: 'POST', body: form });
  },

  /** Counts per status, overdue, total and jobs created per day (30 days). */
  getJobSummaryCounts: () => json<SummaryCounts>('/job/summary/counts'),

  /** The company's own jobs: counts per status and a page of 25. */
  getCompanyJobCounts: ({ status, page = 1 }: { status?: JobStatus; page?: number } = {}) => {
    const query = new URLSearchParams({ page: String(page) });
    if (status) query.set('status', status);
    return json<CompanyCounts>(`/job/company-job/counts?${query.toString()}`);
  },

  /** The jobs a company owns, by status ('all' or one), 25 a page. */
  getCompanyJobsByAssigner: ({
    assignerId,
    status,
    page = 1,
  }: {
    assignerId: string;
    status: JobStatus | 'all';
    page?: number;
  }) =>
    json<JobPage>(
      `/job/get-company-job-by-assigner/${enc(assignerId)}/${enc(status)}?page=${page}`,
    ),
};

/**
 * The `jobs` resource beyond simple-rest: `useGetOne('jobs', {id, meta: {view: 'profile'}})` reads
 * the profile (`GET /job/detail/{id}`: history, attachments, actions; a cache entry apart from the
 * list's records); `getList('jobs', {filter: {assigner_id, status?}, meta: {view: 'by-assigner'}})`
 * reads a company's jobs by assigner, 25 a page; creation sends the multipart form of
 * `POST /job/create-address`; `updateMany('jobs', {ids, data: {assignee_type, assignee_id}, meta:
 * {action: 'assign'}})` is `PATCH /job/assign/{type}/{id}` `{list}`, all the jobs or none.
 */
export const jobsPart: ResourcePart = {
  async getList(params, rest) {
    if (params.meta?.view !== 'by-assigner') return rest(params);
    const { assigner_id: assignerId = '', status = 'all' } = (params.filter ?? {}) as {
      assigner_id?: string;
      status?: JobStatus;
    };
    const page = params.pagination?.page ?? 1;
    const { data, total } = await jobsApi.getCompanyJobsByAssigner({ assignerId, status, page });
    return { data, total };
  },
  async updateMany(params, rest) {
    if (params.meta?.action !== 'assign') return rest(params);
    const { assignee_type: type, assignee_id: assigneeId } = params.data as {
      assignee_type: AssigneeType;
      assignee_id: string;
    };
    await jobsApi.assignJobs({ type, assigneeId, jobIds: params.ids.map(String) });
    return { data: params.ids };
  },
  async getOne(params, rest) {
    if (params.meta?.view !== 'profile') return rest(params);
    return { data: await json<JobDetail>(`/job/detail/${enc(String(params.id))}`) };
  },
  async create(params) {
    return { data: await jobsApi.createJob(params.data as CreateJobInput) };
  },
};

/** `useGetList('assignees', {filter: {type}})`: `GET /job/fetch-assignees/{type}`, all of them. */
export const assigneesPart: ResourcePart = {
  async getList(params) {
    const type = (params.filter?.type ?? 'company') as AssigneeType;
    const data = await json<Assignee[]>(`/job/fetch-assignees/${enc(type)}`);
    return { data, total: data.length };
  },
};
