import { minLength, required, type Validator } from 'react-admin';

/** The confirmation field equals the `password` field (spec §5's message, spelling as is). */
export const matchesPassword: Validator = (value, values: { password?: unknown }) =>
  value === values.password ? undefined : 'app.validation.passwords_must_match';

/** A new password: required, at least 8 characters (the server's rule too). */
export const newPassword = [required(), minLength(8)];
export const passwordConfirmation = [required(), matchesPassword];
