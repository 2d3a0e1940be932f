import { Type, type Static } from 'typebox';
import { roles } from '../../reference/permissions';
import { Email, Password, PersonName, Phone, SingleLine } from './common';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

export const User = Type.Object({
  id: Type.String({ format: 'uuid' }),
  uniqueCode: Type.String({ description: 'The user code, e.g. SUB-000012' }),
  first_name: Type.String(),
  last_name: Type.String(),
  full_name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  role: Type.Enum([...roles]),
  company_id: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  permissions: Type.Array(Type.String()),
  status: Type.Integer({ description: '1 active, 0 disabled (shown as Unactive)' }),
  created_date: Type.String({ format: 'date-time' }),
  last_seen: Nullable(
    Type.String({ format: 'date-time', description: 'The last sign-in or token refresh' }),
  ),
  picture_url: Nullable(Type.String({ description: 'API path of the profile picture' })),
});
export type User = Static<typeof User>;

const Address = SingleLine({ maxLength: 300 });
const PermissionList = Type.Array(SingleLine({ maxLength: 100 }), {
  maxItems: 30,
  description: 'Permission labels (reference/permissions.ts); never more than the creator holds',
});

/**
 * Spec §3's new admin payload without its password: the invited user chooses one through the
 * mailed link. A `password` sent anyway is dropped unread.
 */
export const InviteAdminBody = Type.Object(
  {
    first_name: PersonName,
    last_name: PersonName,
    email: Email,
    phone: Phone,
    address: Type.Optional(Address),
    permission: PermissionList,
  },
  { additionalProperties: false },
);
export type InviteAdminBody = Static<typeof InviteAdminBody>;

export const UserIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const UserTypeParams = Type.Object({ type: Type.Enum([...roles]) });

export const SearchQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
export const PageLimitQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
});

export const UserList = Type.Object({ users: Type.Array(User) });
export const UserPage = Type.Object({
  users: Type.Array(User),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const StatusBody = Type.Object({
  status: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: '1 activates, 0 disables',
  }),
});

export const UserListQuery = Type.Object({
  sort: Type.Optional(Type.String({ maxLength: 200 })),
  range: Type.Optional(Type.String({ maxLength: 200 })),
  filter: Type.Optional(Type.String({ maxLength: 20_000 })),
});

export const UpdateUserBody = Type.Object({
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  phone: Type.Optional(Phone),
  address: Type.Optional(Type.Union([Address, Type.Null()])),
  permissions: Type.Optional(PermissionList),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const ChangePasswordBody = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 200 }),
  new_password: Password,
  end_other_sessions: Type.Optional(
    Type.Boolean({
      description: 'Sign out of your other devices too (default true); this one stays signed in',
    }),
  ),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const UpdateDetailsBody = Type.Object({
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  phone: Type.Optional(Phone),
  address: Type.Optional(SingleLine({ maxLength: 300, description: 'Empty clears it' })),
  company_name: Type.Optional(
    SingleLine({
      minLength: 1,
      maxLength: 200,
      description: "Only a company's owner may change it",
    }),
  ),
  company_state: Type.Optional(
    SingleLine({
      minLength: 1,
      maxLength: 60,
      description: "The company's state (alias or name); only its owner may change it",
    }),
  ),
  company_address: Type.Optional(
    SingleLine({
      minLength: 1,
      maxLength: 300,
      description: "The company's street address; only its owner may change it",
    }),
  ),
});
export type UpdateDetailsBody = Static<typeof UpdateDetailsBody>;
