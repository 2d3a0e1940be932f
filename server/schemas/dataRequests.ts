import { Type, type Static } from 'typebox';
import { jobStatuses } from '../../reference/jobStatuses';
import { jobKinds } from '../../reference/jobKinds';
import { SingleLine } from './common';

const dateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/** The keys a person is found by; which of them a request used (never their values). */
export const dataSubjectKeys = ['phone', 'email', 'nin'] as const;
export type DataSubjectKey = (typeof dataSubjectKeys)[number];

const keyProperties = {
  phone: Type.Optional(
    SingleLine({
      maxLength: 30,
      description: 'A full Nigerian phone number (0803…, +234…): matched exactly, no wildcards',
    }),
  ),
  email: Type.Optional(
    SingleLine({ maxLength: 254, description: 'A full email address, matched case-insensitively' }),
  ),
  nin: Type.Optional(
    SingleLine({ maxLength: 20, description: 'The 11-digit National Identification Number' }),
  ),
};

/** `GET /data-requests/search` and `/export`: at least one key. */
export const DataSubjectQuery = Type.Object(keyProperties, { additionalProperties: false });
export type DataSubjectQuery = Static<typeof DataSubjectQuery>;

/** `POST /data-requests/erase`: the keys, and `confirm: true` (the dialog's yes). */
export const DataSubjectEraseBody = Type.Object(
  {
    ...keyProperties,
    confirm: Type.Literal(true, {
      description: 'true: the person asked for erasure and staff checked who they are',
    }),
  },
  { additionalProperties: false },
);
export type DataSubjectEraseBody = Static<typeof DataSubjectEraseBody>;

const JobKindSchema = Type.Enum([...jobKinds]);
const JobStatusSchema = Type.Enum([...jobStatuses]);

/** What the search found: counts and ids, no personal field. */
export const DataSubjectFindings = Type.Object({
  searched: Type.Array(Type.Enum([...dataSubjectKeys])),
  jobs: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      type: JobKindSchema,
      status: JobStatusSchema,
      company_name: Nullable(Type.String()),
      created_at: dateTime,
      /** Closed: erasure takes it; open ones are kept until they close. */
      erasable: Type.Boolean({ description: 'Closed: erasure takes its personal data' }),
      photos: Type.Integer(),
      attachments: Type.Integer(),
      has_location: Type.Boolean(),
    }),
  ),
  agent_applications: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      status: Type.String(),
      created_at: dateTime,
    }),
  ),
  accounts: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      role: Type.String(),
      status: Type.Integer(),
      created_at: dateTime,
    }),
  ),
  messages: Type.Object({
    count: Type.Integer({ description: 'Messages sent to or by the accounts found' }),
    ids: Type.Array(Type.String(), { description: 'The newest 100' }),
  }),
});
export type DataSubjectFindings = Static<typeof DataSubjectFindings>;

const Text = Nullable(Type.String());

/** `GET /data-requests/export` as JSON: every field held about the person. */
export const DataSubjectExport = Type.Object({
  generated_at: dateTime,
  searched: Type.Array(Type.Enum([...dataSubjectKeys])),
  jobs: Type.Array(
    Type.Object({
      code: Type.String(),
      type: JobKindSchema,
      status: JobStatusSchema,
      company_name: Text,
      state: Type.String(),
      lga: Type.String(),
      subject_name: Type.String(),
      fields: Type.Record(Type.String(), Type.String()),
      created_at: dateTime,
      history: Type.Array(
        Type.Object({ to_status: Type.String(), reason: Text, created_at: dateTime }),
      ),
      attachments: Type.Array(
        Type.Object({
          file_name: Type.String(),
          content_type: Type.String(),
          size_bytes: Type.Integer(),
          url: Type.String(),
        }),
      ),
      capture: Nullable(
        Type.Object({
          received_at: dateTime,
          captured_at: Nullable(dateTime),
          lat: Nullable(Type.Number()),
          lng: Nullable(Type.Number()),
          accuracy_m: Nullable(Type.Number()),
          location_text: Text,
          photos: Type.Array(
            Type.Object({ kind: Type.String(), file_name: Type.String(), url: Type.String() }),
          ),
          machine_checks: Nullable(
            Type.Object(
              {
                status: Type.String({ description: 'pending, done or failed' }),
                checked_at: Nullable(dateTime),
                bill_text: Type.Union([Type.String(), Type.Null()], {
                  description: 'The utility bill as the machine read it',
                }),
                warnings: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
              },
              { description: "The machine checks of the evidence (README, 'Machine checks')" },
            ),
          ),
        }),
      ),
    }),
  ),
  agent_applications: Type.Array(
    Type.Object({
      code: Type.String(),
      status: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      email: Type.String(),
      phone: Text,
      state: Type.String(),
      lgas: Type.Array(Type.String()),
      nin: Text,
      bank_code: Type.String(),
      account_number: Text,
      account_name: Type.String(),
      photo_url: Text,
      created_at: dateTime,
      decided_at: Nullable(dateTime),
    }),
  ),
  accounts: Type.Array(
    Type.Object({
      code: Type.String(),
      role: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
      email: Type.String(),
      phone: Text,
      address: Text,
      status: Type.Integer(),
      created_at: dateTime,
      last_seen_at: Nullable(dateTime),
      picture_url: Text,
    }),
  ),
  messages: Type.Array(
    Type.Object({
      direction: Type.Union([Type.Literal('sent'), Type.Literal('received')]),
      other_party: Text,
      subject: Type.String(),
      body: Type.String(),
      created_at: dateTime,
    }),
  ),
});
export type DataSubjectExport = Static<typeof DataSubjectExport>;

/** What an erasure did, and the jobs it left because they are still in progress. */
export const DataSubjectErasure = Type.Object({
  erased: Type.Object({
    jobs: Type.Integer(),
    agent_applications: Type.Integer(),
    accounts: Type.Integer(),
    messages: Type.Integer(),
    files: Type.Integer(),
  }),
  not_erased: Type.Array(
    Type.Object({
      type: Type.Literal('job'),
      id: Type.String(),
      code: Type.String(),
      reason: Type.String({ description: "'job in progress': erased once it closes" }),
    }),
  ),
});
export type DataSubjectErasure = Static<typeof DataSubjectErasure>;
