import { Type, type Static } from 'typebox';
import { ListQuery } from './common';

export const auditSortFields = ['id', 'at', 'action'] as const;

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** One entry of the audit log, with its actor's and company's names (null once they are gone). */
export const AuditEntry = Type.Object({
  id: Type.String({ description: 'The entry number, in the order entries were written' }),
  at: Type.String({ format: 'date-time' }),
  actor_id: nullableString,
  actor_name: nullableString,
  actor_email: nullableString,
  company_id: nullableString,
  company_name: nullableString,
  action: Type.String({ description: '<resource>.<verb>: job.create, auth.login, access.denied…' }),
  target_type: nullableString,
  target_id: nullableString,
  outcome: Type.Integer({ description: 'The HTTP status the request was answered with' }),
  ip: nullableString,
  request_id: nullableString,
  detail: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Small facts, scrubbed: never a token, password, full phone number or NIN',
  }),
});
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditListQuery = ListQuery(
  auditSortFields,
  'JSON {actor: account id, action: exact or a prefix ending in "." (job.), company_id, ' +
    'from, to: yyyy-MM-dd (Lagos days), q: action, target or actor, id: [..]}',
);
