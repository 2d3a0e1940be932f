import { Type, type Static } from 'typebox';
import { SingleLine } from './common';
import type { UploadedFile } from './jobs';

const dateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);
const text = (maxLength: number, description?: string) =>
  SingleLine({ maxLength, ...(description ? { description } : {}) });

export const Bank = Type.Object({ code: Type.String(), name: Type.String() });
export type Bank = Static<typeof Bank>;

/**
 * The application form, sent as multipart/form-data (the photo is a file part). Every field is
 * checked in the handler too, so that each bad field is a 400 naming it.
 */
export const AgentApplicationBody = Type.Object({
  first_name: text(100),
  last_name: text(100),
  email: text(254),
  phone: text(30, 'A Nigerian number in any usual writing; stored as +234…'),
  state: text(60, 'State alias or name (reference/locations.ts)'),
  lgas: Type.Union([text(80), Type.Array(text(80), { maxItems: 60 })], {
    description: 'LGAs covered, all of the state: one field per LGA',
  }),
  nin: text(40, 'National Identification Number: 11 digits'),
  bank_code: text(10, 'A code from GET /banks'),
  account_number: text(20, 'NUBAN: 10 digits, checked against the bank code'),
  account_name: text(100),
  photo: Type.Unsafe<UploadedFile>({
    description: 'A photo of the applicant: JPEG or PNG, at most 5 MB; stored without metadata',
  }),
});
export type AgentApplicationBody = Static<typeof AgentApplicationBody>;

export const ApplicationStatus = Type.Enum(['pending', 'approved', 'rejected']);

export const AgentApplication = Type.Object({
  id: Type.String(),
  code: Type.String({ description: 'APP-000123' }),
  status: ApplicationStatus,
  first_name: Type.String(),
  last_name: Type.String(),
  full_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  state: Type.String({ description: 'State alias' }),
  state_name: Type.String(),
  lgas: Type.Array(Type.String()),
  nin: Type.String(),
  bank_code: Type.String(),
  bank_name: Type.String(),
  account_number: Type.String(),
  account_name: Type.String(),
  photo_url: Type.String({ description: 'The photo (signed-in staff only)' }),
  created_at: dateTime,
  decided_at: Nullable(dateTime),
  agent_id: Nullable(Type.String({ description: 'The agent account, once approved' })),
  duplicates: Type.Array(Type.Enum(['email', 'phone', 'nin']), {
    description:
      'What it shares with another pending or approved application: a duplicate to sort out ' +
      'at review (approving a second agent of one person is refused)',
  }),
});
export type AgentApplication = Static<typeof AgentApplication>;

export const ApplicationReceived = Type.Object({
  message: Type.String(),
  id: Type.String(),
  code: Type.String(),
});

export const ApplicationIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const DecisionParams = Type.Object({ action: Type.Enum(['approve', 'reject']) });
export const DecisionBody = Type.Object(
  { id: Type.String({ format: 'uuid', description: 'The application' }) },
  { additionalProperties: false },
);
export const DecisionResult = Type.Object({ message: Type.String(), data: AgentApplication });

export const ListQuery = Type.Object({
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  range: Type.Optional(Type.String({ maxLength: 100 })),
  filter: Type.Optional(Type.String({ maxLength: 20_000 })),
});
