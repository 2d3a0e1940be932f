import { Type, type Static, type TInteger } from 'typebox';
import { jobFieldDefs, jobKindLabels, jobKinds, type JobKind } from '../../reference/jobKinds';
import { jobStatuses, jobWireActions, type JobStatus } from '../../reference/jobStatuses';
import { ListQuery, MultiLine, SingleLine } from './common';

const dateTime = Type.String({ format: 'date-time' });
const nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });

/** The fields a list of jobs may be sorted by (`sort` of `GET /jobs`). */
export const jobSortFields = [
  'id',
  'code',
  'type',
  'status',
  'state',
  'lga',
  'subject_name',
  'created_at',
  'updated_at',
  'assigned_at',
  'due_at',
] as const;

export const JobKindSchema = Type.Enum([...jobKinds], {
  description: jobKinds.map((k) => `${k} (${jobKindLabels[k]})`).join(', '),
});
export const JobStatusSchema = Type.Enum([...jobStatuses]);
export const JobActionSchema = Type.Enum([...jobWireActions]);
export type JobAction = Static<typeof JobActionSchema>;

/** The per-kind field lists, written out for the OpenAPI document. */
export const jobFieldsDescription = (Object.keys(jobFieldDefs) as JobKind[])
  .map(
    (k) =>
      `**${k}** (${jobKindLabels[k]}): ` +
      jobFieldDefs[k]
        .map(
          (f) => `\`${f.name}\`${f.required ? '' : ' (optional)'}${f.hint ? ` – ${f.hint}` : ''}`,
        )
        .join(', '),
  )
  .join('\n\n');

export const Job = Type.Object({
  id: Type.String(),
  code: Type.String({ description: 'Human code, e.g. JOB-000123' }),
  type: JobKindSchema,
  status: JobStatusSchema,
  company_id: Type.String({ description: 'The owner company' }),
  company_name: Type.Union([Type.String(), Type.Null()]),
  state: Type.String({ description: 'State alias, e.g. lagos' }),
  lga: Type.String(),
  subject_name: Type.String({ description: 'Person, business or product verified' }),
  fields: Type.Record(Type.String(), Type.String(), {
    description: `The kind's own fields by wire name (state and lga are top-level).\n\n${jobFieldsDescription}`,
  }),
  personal_hidden: Type.Boolean({
    description:
      "The subject's personal fields (name, phone, email, ID number, address) are left out: this partner declined the job or its assignment ended. Attachments and photos are then 404",
  }),
  assignee_type: Type.Union([Type.Literal('company'), Type.Literal('agent'), Type.Null()]),
  assignee_id: Type.Union([Type.String(), Type.Null()]),
  assignee_name: Type.Union([Type.String(), Type.Null()]),
  assigned_at: nullable(dateTime),
  due_at: nullable(dateTime),
  overdue: Type.Boolean({
    description: 'Assigned or accepted (not yet submitted) and past due_at',
  }),
  price: Type.Union([Type.Number(), Type.Null()], {
    description: 'NGN charged to the owner at creation (the Company price of its state and type)',
  }),
  fee: Type.Union([Type.Number(), Type.Null()], {
    description: "NGN, the assignee's fee, set at assignment",
  }),
  rating: Type.Union([Type.Integer(), Type.Null()]),
  created_at: dateTime,
  updated_at: dateTime,
});
/** A job as the API answers it: a row of `GET /jobs`, and the base of its profile. */
export type Job = Static<typeof Job>;

export const JobEvent = Type.Object({
  id: Type.Integer(),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  actor_name: Type.Union([Type.String(), Type.Null()]),
  from_status: Type.Union([JobStatusSchema, Type.Null()]),
  to_status: JobStatusSchema,
  reason: Type.Union([Type.String(), Type.Null()]),
  kind: Type.Union([Type.Literal('move'), Type.Literal('overdue')], {
    description: "'overdue': the turnaround time passed without a submission (status unchanged)",
  }),
  created_at: dateTime,
});
/** A move in a job's history, or its TAT breach. */
export type JobEvent = Static<typeof JobEvent>;

export const JobAttachment = Type.Object({
  id: Type.String(),
  file_name: Type.String(),
  content_type: Type.String(),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  created_at: dateTime,
});
export type JobAttachment = Static<typeof JobAttachment>;

export const JobDetail = Type.Object({
  ...Job.properties,
  events: Type.Array(JobEvent),
  attachments: Type.Array(JobAttachment),
  actions: Type.Array(JobActionSchema, { description: 'What this user may do with the job now' }),
  erased_at: Type.Union([dateTime, Type.Null()], {
    description:
      'When its personal data was erased (RETENTION_DAYS after closing, or a data-subject request): subject, fields, evidence and attachments are gone',
  }),
});
export type JobDetail = Static<typeof JobDetail>;

export const JobIdParams = Type.Object({ id: Uuid });

/** An uploaded file as the multipart plugin hands it to a route. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}
const FilePart = (description: string) => Type.Unsafe<UploadedFile>({ description });

export const CreateJobBody = Type.Object(
  {
    type: Type.Optional(JobKindSchema),
    company_id: Type.Optional(
      Type.String({ description: 'The owner company: required for admins' }),
    ),
    attachments: Type.Optional(
      Type.Unsafe<UploadedFile | UploadedFile[]>({
        description:
          'Files (JPEG, PNG or PDF by content: images must decode, PDFs hold together; at most 5 MB each); repeat the part for several. Images are kept without their metadata (EXIF, GPS)',
      }),
    ),
  },
  {
    additionalProperties: SingleLine({ maxLength: 1000 }),
    description: `multipart/form-data: \`type\` (default address), the kind's fields by wire name, and optional \`attachments\`.\n\n${jobFieldsDescription}`,
  },
);
export type CreateJobBody = Static<typeof CreateJobBody>;

const bulkFormDescription = `multipart/form-data. Columns per kind:\n\n${jobFieldsDescription}`;

export const UploadJobsBody = Type.Object(
  {
    type: JobKindSchema,
    company_id: Type.Optional(
      Type.String({ description: 'The owner company: required for admins' }),
    ),
    file: FilePart(
      'CSV (comma or semicolon, UTF-8 with or without BOM) or XLSX, at most 20 MB and 100,000 rows; header row = the wire names of the kind',
    ),
  },
  { description: bulkFormDescription },
);
export type UploadJobsBody = Static<typeof UploadJobsBody>;

export const UploadCreated = Type.Object({ created: Type.Integer() });
export const UploadErrors = Type.Object({
  message: Type.String(),
  errors: Type.Optional(
    Type.Array(
      Type.Object({
        row: Type.Optional(
          Type.Integer({
            description:
              'Data row, counted from 1 (0: the header row); absent when the error is about the request itself',
          }),
        ),
        field: Type.String(),
        msg: Type.String(),
      }),
    ),
  ),
});
/** One error of a refused bulk file (`POST /job/upload` 400). */
export type UploadError = NonNullable<Static<typeof UploadErrors>['errors']>[number];

export const TemplateParams = Type.Object({ type: JobKindSchema });

export const JobListQuery = ListQuery(
  jobSortFields,
  'JSON {status, type, state, lga, created_from: "yyyy-MM-dd", created_to: "yyyy-MM-dd", assignee_id, overdue: true|false, q: code or name}. Dates are Lagos days, both inclusive',
);
export type JobListQuery = Static<typeof JobListQuery>;

const statusCounts = Object.fromEntries(jobStatuses.map((s) => [s, Type.Integer()])) as Record<
  JobStatus,
  TInteger
>;
export const StatusCounts = Type.Object({
  ...statusCounts,
  overdue: Type.Integer(),
  total: Type.Integer(),
});
export type StatusCounts = Static<typeof StatusCounts>;

export const SummaryCounts = Type.Object({
  ...StatusCounts.properties,
  created_per_day: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() }), {
    description:
      'Jobs created per Lagos day, the last 30 days, oldest first, days without jobs included',
  }),
});
/** `GET /job/summary/counts`. */
export type SummaryCounts = Static<typeof SummaryCounts>;

/** Bounded: an absurd page (1e300) would overflow the query's OFFSET. */
const PageNumber = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });

export const PageQuery = Type.Object({
  page: Type.Optional(PageNumber),
});

export const CompanyCountsQuery = Type.Object({
  status: Type.Optional(JobStatusSchema),
  page: Type.Optional(PageNumber),
});

export const JobPage = Type.Object({
  data: Type.Array(Job),
  total: Type.Integer(),
  page: Type.Integer(),
});
/** A page of 25 jobs (`/job/get-company-job-by-assigner`, `/job/company-job/counts`). */
export type JobPage = Static<typeof JobPage>;

export const CompanyCounts = Type.Object({
  counts: StatusCounts,
  ...JobPage.properties,
});
export type CompanyCounts = Static<typeof CompanyCounts>;

export const ByAssignerParams = Type.Object({
  assignerId: Uuid,
  status: Type.Enum(['all', ...jobStatuses]),
});

export const AssigneeType = Type.Enum(['company', 'agent']);
export type AssigneeType = Static<typeof AssigneeType>;
export const AssigneeTypeParams = Type.Object({ type: AssigneeType });
/**
 * Spec §3 "Assignee". A company is named by its name and code only: full_name, first_name and
 * last_name carry the company's name, never its owner's.
 */
export const Assignee = Type.Object({
  id: Type.String(),
  company_name: Type.Union([Type.String(), Type.Null()]),
  full_name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()], {
    description: "User code (a company's is its owner's)",
  }),
  state: Type.Union([Type.String(), Type.Null()], { description: 'State alias, e.g. lagos' }),
  created_time: dateTime,
  total_ratings: Type.Number({ description: 'Average rating 0–5 of their reviewed jobs' }),
});
export type Assignee = Static<typeof Assignee>;

export const AssignParams = Type.Object({ type: AssigneeType, id: Uuid });
export const AssignBody = Type.Object({
  list: Type.Array(Uuid, { minItems: 1, maxItems: 5000, description: 'Job ids' }),
});
export const AssignResult = Type.Object({
  message: Type.String(),
  data: Type.Array(Job),
});
export type AssignResult = Static<typeof AssignResult>;

const Reason = MultiLine({ maxLength: 1000 });
export const StatusUpdateBody = Type.Object({ jobId: Uuid, reason: Type.Optional(Reason) });
export const ReviewParams = Type.Object({
  id: Uuid,
  type: Type.Enum(['approve', 'reject']),
});
export const ReviewBody = Type.Object({
  reason: Type.Optional(Reason),
  rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
});
export const CancelBody = Type.Object({ reason: Type.Optional(Reason) });

/** `GET /job/price`: so many jobs of one kind per state, as a form or a bulk file holds them. */
export const PriceQuery = Type.Object({
  type: JobKindSchema,
  state: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
    minItems: 1,
    maxItems: 100,
    description: 'State aliases (lagos, abuja…), repeated: `state=lagos&state=kano`',
  }),
  count: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1, maximum: 100_000 }), {
      maxItems: 100,
      description: 'Jobs in each state, in the order of `state`; 1 each when left out',
    }),
  ),
});
export type PriceQuery = Static<typeof PriceQuery>;

export const PriceQuote = Type.Object({
  total: Type.Union([Type.Number(), Type.Null()], {
    description: 'NGN for all of them; null when a state has no Company price',
  }),
  missing: Type.Array(Type.String(), { description: 'The states without a Company price' }),
  jobs: Type.Array(
    Type.Object({
      state: Type.String(),
      count: Type.Integer(),
      price: Type.Union([Type.Number(), Type.Null()], { description: 'NGN, one job' }),
    }),
  ),
});
export type PriceQuote = Static<typeof PriceQuote>;

/**
 * `POST /job/price/file`: the upload's form. The owner is checked as the upload checks it, but
 * staff may leave it out: the Company price is the same for every owner.
 */
export const PriceFileBody = Type.Object(
  {
    type: JobKindSchema,
    company_id: Type.Optional(
      Type.String({ description: 'The owner company, as for the upload; optional for admins' }),
    ),
    file: UploadJobsBody.properties.file,
  },
  { description: bulkFormDescription },
);
export type PriceFileBody = Static<typeof PriceFileBody>;
