import type { UploadError } from '../../../server/schemas/jobs';

/** The job as the API answers it: the server's wire types (server/schemas), imported as types. */
export { jobStatuses, type JobStatus } from '../../../reference/jobStatuses';
export type { PhotoKind } from '../../../reference/photoKinds';
export type {
  Assignee,
  AssigneeType,
  CompanyCounts,
  Job,
  JobAction,
  JobAttachment,
  JobEvent,
  JobPage,
  PriceQuote,
  StatusCounts,
  SummaryCounts,
  UploadError,
} from '../../../server/schemas/jobs';
export type {
  CaptureInfo,
  CaptureLink,
  CaptureLinkCreated,
  CaptureLinkSms,
  CapturePhoto,
  CaptureSubmission,
  CaptureWarning,
  CaptureWarningCode,
  JobDetailWithCapture as JobDetail,
} from '../../../server/schemas/capture';

export type { CaptureChecks } from '../../../server/schemas/captureChecks';

/** One bad row of a bulk file: an upload error that names its row (counted from 1). */
export type UploadRowError = UploadError & { row: number };
