import { postJson } from '../httpClient/httpClient';
import type { SignupBody, TwoFactorChallenge } from '../../server/schemas/auth';
import type { Session } from './session';

/** The public auth endpoints (DESIGN §4): no bearer token is sent to them. */

export type { SignupBody, TwoFactorChallenge };

export interface MessageAnswer {
  message: string;
}

const publicCall = { auth: false };

export const authApi = {
  /** The tokens, or (two-factor on) a ticket for `verifyTwoFactor`. */
  login: (body: { email: string; password: string }) =>
    postJson<Session | TwoFactorChallenge>('/auth/login', body, publicCall),
  verifyTwoFactor: (body: { ticket: string; code: string }) =>
    postJson<Session>('/auth/2fa/verify', body, publicCall),
  refresh: (refreshToken: string) =>
    postJson<Session>('/auth/refresh', { refreshToken }, publicCall),
  logout: (refreshToken: string) =>
    postJson<MessageAnswer>('/auth/logout', { refreshToken }, publicCall),
  signup: (body: SignupBody) => postJson<MessageAnswer>('/auth/signup', body, publicCall),
  confirmEmail: (token: string) =>
    postJson<MessageAnswer>('/auth/confirm-email', { token }, publicCall),
  recoverPassword: (email: string) =>
    postJson<MessageAnswer>('/auth/recover-password', { email }, publicCall),
  setPassword: (token: string, password: string) =>
    postJson<MessageAnswer>('/auth/set-password', { token, password }, publicCall),
};
