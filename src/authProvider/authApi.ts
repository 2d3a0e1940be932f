import { postJson } from '../httpClient/httpClient';
import type { SignupBody } from '../../server/schemas/auth';
import type { Session } from './session';

/** The public auth endpoints (DESIGN §4): no bearer token is sent to them. */

export type { SignupBody };

export interface MessageAnswer {
  message: string;
}

const publicCall = { auth: false };

export const authApi = {
  login: (body: { email: string; password: string }) =>
    postJson<Session>('/auth/login', body, publicCall),
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
