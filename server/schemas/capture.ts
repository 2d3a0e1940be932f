import { Type, type Static } from 'typebox';
import { openJobStatuses } from '../../reference/jobStatuses';
import { photoKinds } from '../../reference/photoKinds';
import { CaptureChecksSchema, CheckWarningCodeSchema } from './captureChecks';
import { MultiLine, Phone } from './common';
import { JobDetail, JobKindSchema, type UploadedFile } from './jobs';

const dateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

export const PhotoKindSchema = Type.Enum([...photoKinds]);

export const CaptureTokenParams = Type.Object({
  token: Type.String({ maxLength: 200, description: 'The token of a capture link' }),
});

/** What the agent needs at the door, and nothing more (no phone, email or ids of the subject). */
export const CaptureJob = Type.Object({
  code: Type.String(),
  type: JobKindSchema,
  subject_name: Type.String({ description: 'Person, business or product to verify' }),
  address: Type.Union([Type.String(), Type.Null()], {
    description: 'Address, registered address or place of inspection',
  }),
  landmark: Type.Union([Type.String(), Type.Null()]),
  state: Type.String({ description: 'State name, e.g. Lagos' }),
  lga: Type.String(),
  due_at: Nullable(dateTime),
});
export type CaptureJob = Static<typeof CaptureJob>;

export const CaptureJobView = Type.Object({
  job: CaptureJob,
  status: Type.Enum([...openJobStatuses], {
    description: 'Always accepted after this call: opening the link accepts an assigned job',
  }),
  retention_days: Type.Integer({
    minimum: 1,
    description:
      "Days a closed job's personal data is kept (RETENTION_DAYS): the wizard's notice says it",
  }),
});
/** `GET /capture/{token}`: the job card of a capture link. */
export type CaptureJobView = Static<typeof CaptureJobView>;

export const MyCaptureJobs = Type.Object({
  data: Type.Array(
    Type.Object({
      ...CaptureJob.properties,
      status: Type.Enum([...openJobStatuses]),
      url: Type.String({ description: 'The capture link of that job' }),
      current: Type.Boolean({ description: 'The job of the link this list was opened from' }),
    }),
  ),
});
/** `GET /capture/my-jobs/{token}`: the agent's open jobs. */
export type MyCaptureJobs = Static<typeof MyCaptureJobs>;
export type MyCaptureJob = MyCaptureJobs['data'][number];

const FilePart = (description: string) => Type.Unsafe<UploadedFile>({ description });
const photo = (what: string) =>
  FilePart(`${what}: a JPEG (checked by its bytes, not its name or type), at most 5 MB`);

export const CaptureSubmitBody = Type.Object(
  {
    selfie: photo('The selfie of the agent at the door'),
    house: photo('The house or premises'),
    utility_bill: photo('The utility bill'),
    lat: Type.Optional(
      Type.String({ maxLength: 40, description: 'Latitude −90..90; omit both without GPS' }),
    ),
    lng: Type.Optional(Type.String({ maxLength: 40, description: 'Longitude −180..180' })),
    accuracy: Type.Optional(
      Type.String({ maxLength: 40, description: 'GPS accuracy in metres (>= 0)' }),
    ),
    location_text: Type.Optional(
      Type.String({ maxLength: 500, description: "The agent's description of the location" }),
    ),
    captured_at: Type.String({
      format: 'date-time',
      description: "The device's time when the evidence was captured (ISO 8601 with zone)",
    }),
    idempotency_key: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 100,
        description:
          'Chosen by the client once per submission (or the Idempotency-Key header): a retry with ' +
          'the same key gets the first answer',
      }),
    ),
  },
  { description: 'multipart/form-data' },
);
export type CaptureSubmitBody = Static<typeof CaptureSubmitBody>;

export const CaptureSubmitted = Type.Object({
  message: Type.String(),
  code: Type.String({ description: 'The job code' }),
  submitted_at: dateTime,
});
export type CaptureSubmitted = Static<typeof CaptureSubmitted>;

/** Declared once, answered with every capture link the back-office shows. */
const LoopbackPublicUrl = Nullable(
  Type.String({
    description:
      'PUBLIC_URL when it is a loopback address (localhost, 127.0.0.0/8, ::1, 0.0.0.0): phones ' +
      'cannot open links made from it, and the job page says so. Null when it is not.',
  }),
);

export const CaptureLinkCreated = Type.Object({
  url: Type.String(),
  loopback_public_url: LoopbackPublicUrl,
  token: Type.String({ description: 'Shown here and in the link only' }),
  expires_at: dateTime,
});
/** `POST /job/{id}/capture-link` → 201. */
export type CaptureLinkCreated = Static<typeof CaptureLinkCreated>;

export const CaptureLinkSmsBody = Type.Object(
  {
    phone: Type.Optional({
      ...Phone,
      description:
        "A Nigerian phone number to send the link to; left out: the assigned agent's phone",
    }),
  },
  { additionalProperties: false },
);
/** `POST /job/{id}/capture-link/sms`. */
export type CaptureLinkSmsBody = Static<typeof CaptureLinkSmsBody>;

const SmsStatusSchema = Type.Enum(['sending', 'sent', 'failed'], {
  description:
    'sending: queued or waiting to be tried again; sent: the provider took it; failed: given up ' +
    'after the last try',
});

export const CaptureLinkSms = Type.Object({
  status: SmsStatusSchema,
  to: Type.String({ description: 'The number, all but its last four digits hidden' }),
  created_at: dateTime,
  sent_at: Nullable(dateTime),
  attempts: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.String({ description: "The provider's last refusal, if any" })),
});
/** The last text that carried a job's capture link, and what became of it. */
export type CaptureLinkSms = Static<typeof CaptureLinkSms>;

export const CaptureWarningSchema = Type.Object({
  code: Type.Union(
    [
      Type.Enum(['no_gps', 'low_accuracy', 'duplicate_photo', 'similar_photo', 'device_time_skew']),
      CheckWarningCodeSchema,
    ],
    { description: 'The submission’s own warnings, then those of the machine checks' },
  ),
  message: Type.String(),
  photo_kind: Type.Optional(PhotoKindSchema),
  other_job_code: Type.Optional(
    Type.String({ description: 'Only when the viewer may see that other job' }),
  ),
});
export type CaptureWarning = Static<typeof CaptureWarningSchema>;
export type CaptureWarningCode = CaptureWarning['code'];

export const CaptureInfo = Type.Object({
  has_link: Type.Boolean({ description: 'A live capture link exists for the job' }),
  sms: Type.Union([CaptureLinkSms, Type.Null()], {
    description: 'The last text of the link, for those who see the link (null: none sent)',
  }),
  link: Nullable(
    Type.Object(
      {
        url: Nullable(Type.String()),
        created_at: dateTime,
        expires_at: dateTime,
        loopback_public_url: LoopbackPublicUrl,
      },
      {
        description:
          'The live link, for provider staff and the assignee company only (url null if it can ' +
          'no longer be shown: create a new one)',
      },
    ),
  ),
  submission: Nullable(
    Type.Object({
      received_at: dateTime,
      captured_at: Nullable(dateTime),
      lat: Nullable(Type.Number()),
      lng: Nullable(Type.Number()),
      accuracy_m: Nullable(Type.Number()),
      no_gps: Type.Boolean(),
      location_text: Nullable(Type.String()),
      photos: Type.Array(
        Type.Object({
          kind: PhotoKindSchema,
          url: Type.String({ description: 'GET with the bearer token: the JPEG' }),
          sha256: Type.String(),
          size_bytes: Type.Integer(),
          width: Nullable(Type.Integer()),
          height: Nullable(Type.Integer()),
        }),
      ),
      warnings: Type.Array(CaptureWarningSchema),
    }),
  ),
  checks: Type.Optional(Type.Union([CaptureChecksSchema, Type.Null()])),
});
/** The capture part of a job profile: its link and the evidence submitted. */
export type CaptureInfo = Static<typeof CaptureInfo>;
export type CaptureLink = NonNullable<CaptureInfo['link']>;
export type CaptureSubmission = NonNullable<CaptureInfo['submission']>;
export type CapturePhoto = CaptureSubmission['photos'][number];

export const JobDetailWithCapture = Type.Object({
  ...JobDetail.properties,
  capture: CaptureInfo,
});
/** `GET /job/detail/{id}`: the job profile with its history, attachments, actions and capture. */
export type JobDetailWithCapture = Static<typeof JobDetailWithCapture>;

export const JobPhotoParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: PhotoKindSchema,
});

export const JobAttachmentParams = Type.Object({
  id: Type.String({ format: 'uuid' }),
  attachmentId: Type.String({ format: 'uuid' }),
});

export const SentPhoto = Type.Object({
  kind: PhotoKindSchema,
  sha256: Type.String({ description: 'SHA-256 (hex) of the bytes the phone sent' }),
  size_bytes: Type.Integer(),
});
export type SentPhoto = Static<typeof SentPhoto>;

export const SentPhotos = Type.Object({ data: Type.Array(SentPhoto) });
export type SentPhotos = Static<typeof SentPhotos>;

const sha256Hex = Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'SHA-256, hex' });

export const UploadsSubmitBody = Type.Object(
  {
    idempotency_key: Type.String({ minLength: 8, maxLength: 100 }),
    lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    accuracy: Type.Optional(Type.Number({ minimum: 0 })),
    location_text: Type.Optional(MultiLine({ maxLength: 500 })),
    captured_at: Type.String({ format: 'date-time' }),
    photos: Type.Object(
      { selfie: sha256Hex, house: sha256Hex, utility_bill: sha256Hex },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
/** `POST /capture/{token}/submit`: closes a submission whose photos the server holds. */
export type UploadsSubmitBody = Static<typeof UploadsSubmitBody>;
