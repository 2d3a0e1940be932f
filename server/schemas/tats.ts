import { Type, type Static } from 'typebox';
import { jobKinds } from '../../reference/jobKinds';
import { SingleLine } from './common';

export const TatSetting = Type.Object({
  _id: Type.String(),
  state: Type.String({ description: 'State alias, e.g. lagos' }),
  jobType: Type.Enum([...jobKinds]),
  audience: Type.Enum(['company', 'agent']),
  amount: Type.Number({ description: 'NGN' }),
  tatInHours: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "null until first edited (the screen shows 'Date not set')",
  }),
});

export const TatSettingBody = Type.Object({
  state: SingleLine({ minLength: 1, maxLength: 60, description: 'State alias or name' }),
  jobType: Type.Enum([...jobKinds]),
  audience: Type.Enum(['company', 'agent'], { description: 'agent: super-admins only' }),
  amount: Type.Number({
    exclusiveMinimum: 0,
    maximum: 100_000_000,
    description: 'NGN, more than 0, at most 2 decimals',
  }),
  tatInHours: Type.Integer({ minimum: 1, maximum: 8760, description: 'Whole hours, at least 1' }),
});
export type TatSettingBody = Static<typeof TatSettingBody>;

export const TatList = Type.Object({
  tats: Type.Array(TatSetting),
  total: Type.Integer({ description: 'How many settings match the filter (all pages)' }),
});

const tatFilterDescription =
  'JSON {state: alias or name, jobType, audience}; each optional, a bad value is a 400 naming it';

export const TatListQuery = Type.Object({
  range: Type.Optional(
    Type.String({
      description: 'JSON [first, last], inclusive; without it every matching setting',
    }),
  ),
  filter: Type.Optional(Type.String({ description: tatFilterDescription })),
});

export const TatMissingQuery = Type.Object({
  filter: Type.Optional(
    Type.String({
      description: 'JSON {jobType (required), audience (company unless given)}',
    }),
  ),
});

/** The states (of the 36 and the FCT) with no setting for a job type and audience. */
export const TatMissingStates = Type.Object({
  jobType: Type.Enum([...jobKinds]),
  audience: Type.Enum(['company', 'agent']),
  states: Type.Array(
    Type.Object({
      state: Type.String({ description: 'State alias, e.g. ekiti' }),
      name: Type.String({ description: 'e.g. Ekiti' }),
    }),
  ),
});
export const TatIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
