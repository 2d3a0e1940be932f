import { Type, type Static } from 'typebox';
import { areas, roles } from '../../reference/permissions';
import { Email, Password, PersonName, Phone, SingleLine, Token } from './common';

export const Account = Type.Object(
  {
    id: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    full_name: Type.String(),
    uniqueCode: Type.String(),
    email: Type.String(),
    phone: Type.Union([Type.String(), Type.Null()]),
    company_name: Type.Optional(Type.String()),
    company_state: Type.Optional(Type.String({ description: "The company's state alias" })),
    company_address: Type.Optional(Type.String()),
    company_id: Type.Union([Type.String(), Type.Null()]),
    role: Type.Enum([...roles]),
    permissions: Type.Array(Type.String()),
    address: Type.Union([Type.String(), Type.Null()]),
    picture_url: Type.Union([Type.String(), Type.Null()], {
      description: 'API path of the profile picture, null when none',
    }),
    isSuperAdmin: Type.Boolean(),
    area: Type.Enum([...areas]),
  },
  { $id: 'Account' },
);
export type Account = Static<typeof Account>;

export const SignupBody = Type.Object({
  first_name: PersonName,
  last_name: PersonName,
  email: Email,
  phone: Phone,
  password: Password,
  company_name: Type.Optional(SingleLine({ maxLength: 200 })),
});
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export const TokenBody = Type.Object({ token: Token });
export const RefreshBody = Type.Object({ refreshToken: Token });
export const LogoutBody = Type.Object({ refreshToken: Token });
export const RecoverBody = Type.Object({ email: Email });
export const SetPasswordBody = Type.Object({ token: Token, password: Password });

export const SessionBody = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  account: Type.Ref('Account'),
});
