import type { Validator } from 'react-admin';
import { isEmailAddress } from '../../reference/email';

/** The API's email rule, checked before sending, with react-admin's own message. */
export const emailAddress: Validator = (value) =>
  !value || isEmailAddress(String(value).trim()) ? undefined : 'ra.validation.email';
