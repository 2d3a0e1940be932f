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
    two_factor_enabled: Type.Boolean({ description: 'Two-factor sign-in is on' }),
    two_factor_required: Type.Boolean({
      description: "The admin area's or the company's policy requires two-factor sign-in",
    }),
    two_factor_setup_required: Type.Boolean({
      description:
        'Required but not on: every call but the two-factor setup, /auth/me, logout and refresh ' +
        "answers 403 with code 'two_factor_setup_required'",
    }),
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
export type SessionAnswer = { accessToken: string; refreshToken: string; account: Account };

/** What a sign-in with two-factor on answers instead of tokens: POST /auth/2fa/verify goes on. */
export const TwoFactorChallenge = Type.Object({
  twoFactorRequired: Type.Literal(true),
  ticket: Type.String({ description: 'Single use, for 5 minutes, for POST /auth/2fa/verify' }),
});
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

/** A 6-digit authenticator code, or a recovery code (`XXXXX-XXXXX`). */
export const TwoFactorCode = Type.String({
  minLength: 6,
  maxLength: 20,
  pattern: '^[0-9A-Za-z -]+$',
});

export const TwoFactorCodeBody = Type.Object({ code: TwoFactorCode });
export const TwoFactorVerifyBody = Type.Object({ ticket: Token, code: TwoFactorCode });

export const TwoFactorSetup = Type.Object({
  secret: Type.String({ description: 'Base32, to type into an authenticator app' }),
  otpauth_url: Type.String({ description: 'otpauth:// URL, for a QR code' }),
});
export type TwoFactorSetup = Static<typeof TwoFactorSetup>;

export const RecoveryCodes = Type.Object({
  recovery_codes: Type.Array(Type.String(), {
    description: 'Ten one-time codes, shown this once',
  }),
});
export type RecoveryCodes = Static<typeof RecoveryCodes>;

export const TwoFactorPolicy = Type.Object({ required: Type.Boolean() });
export type TwoFactorPolicy = Static<typeof TwoFactorPolicy>;
