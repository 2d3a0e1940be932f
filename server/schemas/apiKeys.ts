import { Type, type Static } from 'typebox';
import { ListQuery, SingleLine } from './common';

export const apiKeySortFields = ['id', 'created_at', 'name', 'last_used_at'] as const;
export const apiKeyStatuses = ['active', 'revoked'] as const;

const nullableTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** Limits on what a caller sends (README, API keys). */
export const apiKeyLimits = { name: 100, labels: 30 } as const;

export const NewApiKey = Type.Object(
  {
    name: SingleLine({
      minLength: 1,
      maxLength: apiKeyLimits.name,
      description: 'What the key is for, e.g. "Loan origination system"',
    }),
    permission: Type.Optional(
      Type.Array(SingleLine({ maxLength: 100 }), {
        maxItems: apiKeyLimits.labels,
        description:
          'Permission labels (reference/permissions.ts) the key carries, each held by its ' +
          'creator; absent: those of the creator that count on the job endpoints',
      }),
    ),
    company_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "The provider's staff: the company the key acts for (required for them)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type NewApiKey = Static<typeof NewApiKey>;

/** The answer of a creation: the only time the key itself is shown. */
export const CreatedApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  key: Type.String({ description: 'The key: shown this once, never again' }),
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: "The key's first characters, to tell keys apart" }),
  permission: Type.Array(Type.String()),
  company_id: Type.String(),
  company_name: Type.Union([Type.String(), Type.Null()]),
  created_by_name: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: nullableTime,
  revoked_at: nullableTime,
  status: Type.Enum([...apiKeyStatuses]),
});
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeyIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const ApiKeyListQuery = ListQuery(
  apiKeySortFields,
  'JSON {status: "active"|"revoked", company_id (provider staff), q: name or prefix, id: [..]}',
);
