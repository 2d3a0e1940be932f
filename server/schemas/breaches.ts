import { Type, type Static } from 'typebox';
import { breachStatuses, ndpcNotifyHours } from '../../reference/breaches';
import { ListQuery, MultiLine } from './common';
export const breachSortFields = ['id', 'found_at', 'created_at', 'status'] as const;

/** Limits on what a caller sends (README, Breach register). */
export const breachLimits = {
  description: 5000,
  dataAffected: 2000,
  whoWasTold: 2000,
  peopleAffected: 1_000_000_000,
} as const;

const time = (description: string) => Type.String({ format: 'date-time', description });
const nullableTime = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/** What a provider head writes (`POST /breaches`, `PUT /breaches/{id}`). */
export const BreachBody = Type.Object(
  {
    description: MultiLine({
      minLength: 1,
      maxLength: breachLimits.description,
      description: 'What happened',
    }),
    occurred_at: Type.Optional(nullableTime('When it happened, if known; not after found_at')),
    found_at: time('When the provider became aware of it; not in the future'),
    data_affected: MultiLine({
      minLength: 1,
      maxLength: breachLimits.dataAffected,
      description: 'The personal data and the people affected',
    }),
    people_affected: Type.Optional(
      Type.Union(
        [Type.Integer({ minimum: 0, maximum: breachLimits.peopleAffected }), Type.Null()],
        {
          description: 'About how many people are affected',
        },
      ),
    ),
    who_was_told: Type.Optional(
      MultiLine({
        maxLength: breachLimits.whoWasTold,
        description: 'Who was told: people, companies',
      }),
    ),
    ndpc_notified_at: Type.Optional(
      nullableTime('When the NDPC was notified; not before found_at nor in the future'),
    ),
    people_notified_at: Type.Optional(
      nullableTime('When the people affected were told; not before found_at nor in the future'),
    ),
    status: Type.Optional(Type.Enum([...breachStatuses], { description: 'Default open' })),
  },
  { additionalProperties: false },
);
export type BreachBody = Static<typeof BreachBody>;

export const Breach = Type.Object({
  id: Type.String(),
  description: Type.String(),
  occurred_at: nullableTime('When it happened, if known'),
  found_at: time('When the provider became aware of it'),
  data_affected: Type.String(),
  people_affected: Type.Union([Type.Integer(), Type.Null()]),
  who_was_told: Type.String(),
  ndpc_notified_at: nullableTime('When the NDPC was notified'),
  people_notified_at: nullableTime('When the people affected were told'),
  status: Type.Enum([...breachStatuses]),
  ndpc_deadline: time(`found_at + ${ndpcNotifyHours} hours: when the NDPC must be notified by`),
  recorded_by: Type.String(),
  recorded_by_name: Type.String(),
  created_at: time('When it was recorded'),
  updated_at: time('When it was last changed'),
});
export type Breach = Static<typeof Breach>;

export const BreachIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const BreachListQuery = ListQuery(
  breachSortFields,
  'JSON {status: "open"|"closed", id: [..]}',
);
